// Walks a TypeBox/JSON schema to list its configurable leaves: the basis of environment
// variable names and of the generated reference, so both always match the schema.
import type { TSchema } from '@sinclair/typebox';

export interface ConfigLeaf {
  path: string[];
  schema: TSchema;
}

function isSection(schema: TSchema): boolean {
  return (
    schema['type'] === 'object' && typeof schema['properties'] === 'object' && !schema['patternProperties']
  );
}

export function listLeaves(schema: TSchema, path: string[] = []): ConfigLeaf[] {
  if (!isSection(schema)) return path.length ? [{ path, schema }] : [];
  const out: ConfigLeaf[] = [];
  for (const [key, child] of Object.entries(schema['properties'] as Record<string, TSchema>)) {
    out.push(...listLeaves(child, [...path, key]));
  }
  return out;
}

export function envNameFor(prefix: string, path: readonly string[], schema?: TSchema): string {
  const explicit: unknown = schema?.['envName'];
  if (typeof explicit === 'string') return explicit;
  return prefix + path.join('_').replace(/[.-]/g, '_').toUpperCase();
}

export function describeType(schema: TSchema): string {
  if (Array.isArray(schema['anyOf'])) return (schema['anyOf'] as TSchema[]).map(describeType).join(' | ');
  if (schema['const'] !== undefined) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum']))
    return (schema['enum'] as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  const type: unknown = schema['type'];
  if (type === 'array') return `${schema['items'] ? describeType(schema['items'] as TSchema) : 'any'}[]`;
  if (type === 'object') return 'map';
  return typeof type === 'string' ? type : 'any';
}
