/**
 * The base of the library's private marks (trust.ts marks states and views, interned-moves.ts its
 * shared moves): `new (class extends ReturnsItsArgument { #f })(o)` adds the private field `#f` to
 * `o` itself, not to a new object. No copy carries such a field and no caller can forge it.
 */
export class ReturnsItsArgument {
  constructor(o: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning the argument is the point (see above)
    return o as ReturnsItsArgument;
  }
}
