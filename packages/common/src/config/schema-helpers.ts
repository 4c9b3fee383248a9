// Helpers for writing a service's config schema with TypeBox: every section is closed
// (unknown keys are errors) and defaults to {} so nested defaults are always filled in.
import { Type, type TProperties, type TSchema, type SchemaOptions } from '@sinclair/typebox';

/** A closed config section whose own default is `{}` (so ajv fills the defaults inside it). */
export function section<T extends TProperties>(
  properties: T,
  description: string,
  options: SchemaOptions = {},
) {
  return Type.Object(properties, { additionalProperties: false, default: {}, description, ...options });
}

/** Mark a leaf as secret: redacted by --check-config and in the generated reference. */
export function secret<T extends TSchema>(schema: T): T {
  return { ...schema, secret: true };
}

export function port(defaultPort: number, description: string) {
  return Type.Integer({ minimum: 0, maximum: 65535, default: defaultPort, description });
}
