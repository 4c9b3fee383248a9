// One loader for both services: built-in defaults → each --config FILE (YAML or JSON, in order)
// → environment variables. Validation reports every error with its key path, all at once.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import type { Static, TSchema } from '@sinclair/typebox';
import { parse as parseYaml } from 'yaml';
import { listLeaves } from './schema-walk.js';
import { envOverlay } from './env-overlay.js';
import { formatAjvErrors } from './ajv-errors.js';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export interface ConfigSources {
  /** Command-line arguments after the script name. */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Environment prefix, e.g. `GAVEL_` → `GAVEL_ADMIN_PORT` sets `admin.port`. */
  envPrefix: string;
  /** Extra objects merged after the files and before the environment (tests, embedded defaults). */
  overrides?: readonly unknown[];
  /** Prefixed variables that are not config keys (not reported): exact names, or prefixes ending in `_`. */
  ignoreEnv?: readonly string[];
}

export interface ParsedArgs {
  configFiles: string[];
  checkConfig: boolean;
  unknown: string[];
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = { configFiles: [], checkConfig: false, unknown: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--config') {
      const file = argv[++i];
      if (file === undefined) out.unknown.push('--config needs a file name');
      else out.configFiles.push(file);
    } else if (arg.startsWith('--config=')) {
      out.configFiles.push(arg.slice('--config='.length));
    } else if (arg === '--check-config') {
      out.checkConfig = true;
    } else {
      out.unknown.push(`unknown argument ${arg}`);
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Later sources win; objects merge key by key, arrays and scalars are replaced whole. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = deepMerge(out[k], v);
  return out;
}

export function createConfigValidator<T extends TSchema>(schema: T) {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, coerceTypes: false });
  ajv.addKeyword({ keyword: 'secret' });
  ajv.addKeyword({ keyword: 'envName' });
  // ajv ignores (and in strict mode rejects) a default on the root: the root is always given.
  const root: Record<string, unknown> = { ...schema };
  delete root['default'];
  const validate = ajv.compile(root);
  return (candidate: unknown): { value: Static<T>; problems: string[] } => {
    const value = structuredClone(candidate ?? {});
    const ok = validate(value);
    const problems = ok ? [] : formatAjvErrors(validate.errors ?? []);
    return { value: value, problems: [...new Set(problems)] };
  };
}

/** Freezes `value` and everything reachable from it (a Map's or Set's entries too: their own methods still write). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    const inner = value instanceof Map || value instanceof Set ? [...value.values()] : Object.values(value);
    for (const v of inner) deepFreeze(v);
  }
  return value;
}

export interface LoadedConfig<T> {
  config: T;
  checkOnly: boolean;
  /** Not errors: prefixed environment variables that set no key (a misspelling?). */
  warnings: string[];
}

/**
 * Resolve a service's configuration. Throws ConfigError listing every problem found
 * (unreadable files, unknown keys, wrong types) so the operator fixes them in one go.
 */
export function loadConfig<T extends TSchema>(schema: T, sources: ConfigSources): LoadedConfig<Static<T>> {
  const args = parseArgs(sources.argv);
  const problems = [...args.unknown];
  let merged: unknown = {};
  for (const file of args.configFiles) {
    try {
      const doc: unknown = parseYaml(readFileSync(file, 'utf8'));
      if (doc !== null && doc !== undefined && !isPlainObject(doc))
        problems.push(`${file}: top level must be a mapping`);
      else merged = deepMerge(merged, doc ?? {});
    } catch (err) {
      problems.push(`${file}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  for (const o of sources.overrides ?? []) merged = deepMerge(merged, o);

  const fromEnv = envOverlay(schema, sources);
  problems.push(...fromEnv.problems);
  merged = deepMerge(merged, fromEnv.values);

  const { value, problems: schemaProblems } = createConfigValidator(schema)(merged);
  problems.push(...schemaProblems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { config: deepFreeze(value), checkOnly: args.checkConfig, warnings: fromEnv.unknown };
}

/** A copy of the config with every `secret` leaf replaced, for printing. */
export function redactConfig(schema: TSchema, config: unknown): unknown {
  const copy: unknown = structuredClone(config);
  for (const leaf of listLeaves(schema)) {
    if (!leaf.schema['secret']) continue;
    let node: unknown = copy;
    for (const key of leaf.path.slice(0, -1)) node = isPlainObject(node) ? node[key] : undefined;
    const last = leaf.path[leaf.path.length - 1] as string;
    if (isPlainObject(node) && node[last] !== undefined && node[last] !== '') node[last] = '[redacted]';
  }
  return copy;
}
