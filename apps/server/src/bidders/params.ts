// Bidder params validation (issue 4 "bidder params failing that bidder's JSON Schema"): compiles each
// bidder's params JSON Schema once with ajv and renders errors as one line per problem, in the
// `<field>: <description>` shape clients of the upstream server already parse.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export interface ParamsValidator {
  /** [] when `params` is valid for `schema`, else one line per error. */
  validate(schema: Record<string, unknown>, params: unknown): string[];
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function fieldOf(e: ErrorObject): string {
  return e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(root)';
}

function valueAt(root: unknown, instancePath: string): unknown {
  let cur = root;
  for (const seg of instancePath.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
}

function describe(e: ErrorObject, params: unknown): string {
  switch (e.keyword) {
    case 'type': {
      const t = (e.params as { type: string | string[] }).type;
      const expected = Array.isArray(t) ? `[${t.join(',')}]` : t;
      return `Invalid type. Expected: ${expected}, given: ${jsonType(valueAt(params, e.instancePath))}`;
    }
    case 'required':
      return `${(e.params as { missingProperty: string }).missingProperty} is required`;
    default:
      return e.message ?? e.keyword;
  }
}

/** Draft-04 style schemas (the upstream bidder-params files) compile once their $schema is dropped. */
export function createParamsValidator(): ParamsValidator {
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  const compiled = new WeakMap<object, ValidateFunction>();
  return {
    validate(schema, params) {
      let fn = compiled.get(schema);
      if (!fn) {
        const { $schema: _ignored, id: _legacyId, ...rest } = schema;
        fn = ajv.compile(rest);
        compiled.set(schema, fn);
      }
      if (fn(params)) return [];
      return (fn.errors ?? []).map((e) => `${fieldOf(e)}: ${describe(e, params)}`);
    },
  };
}
