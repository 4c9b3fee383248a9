// Config validation errors in words an operator can act on: every error with its key path, and a
// choice among fixed values (a union of literals, an enum) listed as "must be one of ...".
import type { ErrorObject } from 'ajv';

function keyPath(e: ErrorObject): string {
  return e.instancePath.split('/').slice(1).map(decodeURIComponent).join('.') || '(root)';
}

function formatOne(e: ErrorObject): string {
  const path = keyPath(e);
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    return `${path === '(root)' ? extra : `${path}.${extra}`}: unknown key`;
  }
  if (e.keyword === 'enum') {
    const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
    return `${path}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${path}: ${e.message ?? 'invalid'}`;
}

/** The allowed values of each `anyOf` whose every failing branch is a `const`, by its schemaPath. */
function literalChoices(errors: readonly ErrorObject[]): Map<string, unknown[]> {
  const choices = new Map<string, unknown[]>();
  const mixed = new Set<string>();
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath);
  for (const e of errors) {
    const owner = anyOfs.find((p) => e.schemaPath.startsWith(`${p}/`));
    if (owner === undefined) continue;
    if (e.keyword !== 'const') mixed.add(owner);
    else
      choices.set(owner, [
        ...(choices.get(owner) ?? []),
        (e.params as { allowedValue: unknown }).allowedValue,
      ]);
  }
  for (const m of mixed) choices.delete(m);
  return choices;
}

export function formatAjvErrors(errors: readonly ErrorObject[]): string[] {
  const choices = literalChoices(errors);
  const out: string[] = [];
  for (const e of errors) {
    const inChoice = [...choices.keys()].some((p) => e.schemaPath.startsWith(`${p}/`));
    if (inChoice) continue;
    const allowed = e.keyword === 'anyOf' ? choices.get(e.schemaPath) : undefined;
    out.push(
      allowed
        ? `${keyPath(e)}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`
        : formatOne(e),
    );
  }
  return out;
}
