/** The value a call throws, or undefined when it returns: for asserting on typed errors by their guards. */
export function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (e) {
    return e;
  }
  return undefined;
}
