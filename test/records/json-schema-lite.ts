/**
 * A small JSON Schema checker for the keywords docs/record.schema.json uses (type, const,
 * required, properties, additionalProperties, items, min/maxItems, minLength, minimum, maximum,
 * oneOf, $ref to #/$defs, propertyNames.pattern). Enough to test the schema against samples
 * without a new dependency.
 */
type Schema = Record<string, unknown>;

function typeOk(type: string, x: unknown): boolean {
  switch (type) {
    case 'object': return typeof x === 'object' && x !== null && !Array.isArray(x);
    case 'array': return Array.isArray(x);
    case 'string': return typeof x === 'string';
    case 'integer': return Number.isInteger(x);
    case 'number': return typeof x === 'number';
    case 'boolean': return typeof x === 'boolean';
    default: throw new Error(`schema-lite: type ${type} not supported`);
  }
}

/** The paths where `value` breaks `schema`; empty when it conforms. */
export function schemaErrors(root: Schema, value: unknown, schema: Schema = root, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    return schemaErrors(root, value, (root.$defs as Record<string, Schema>)[name]!, path);
  }
  const errors: string[] = [];
  if ('const' in schema && value !== schema.const) errors.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (typeof schema.type === 'string' && !typeOk(schema.type, value)) return [...errors, `${path}: must be ${schema.type}`];
  if (Array.isArray(schema.oneOf)) {
    const passing = schema.oneOf.filter((s) => schemaErrors(root, value, s as Schema, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: must match exactly one alternative, matches ${passing}`);
  }
  if (typeof value === 'string' && typeof schema.minLength === 'number' && value.length < schema.minLength) errors.push(`${path}: too short`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path}: above maximum`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${path}: too few items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errors.push(`${path}: too many items`);
    if (schema.items) value.forEach((v, i) => errors.push(...schemaErrors(root, v, schema.items as Schema, `${path}[${i}]`)));
  }
  if (typeOk('object', value)) {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in obj)) errors.push(`${path}: missing ${key}`);
    for (const [key, v] of Object.entries(obj)) {
      const names = schema.propertyNames as Schema | undefined;
      if (names && typeof names.pattern === 'string' && !new RegExp(names.pattern).test(key)) errors.push(`${path}.${key}: bad name`);
      if (props[key]) errors.push(...schemaErrors(root, v, props[key], `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...schemaErrors(root, v, schema.additionalProperties as Schema, `${path}.${key}`));
    }
  }
  return errors;
}
