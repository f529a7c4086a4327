/**
 * Validating against docs/record.schema.json with ajv (JSON Schema draft 2020-12). Strict mode
 * refuses a keyword it does not know, so the schema cannot carry rules that nothing checks.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();

/** Where `value` breaks `schema` (JSON pointer and ajv's message); empty when it conforms. */
export function schemaErrors(schema: Record<string, unknown>, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
}
