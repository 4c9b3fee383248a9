// Paths and parsers shared by the deploy checks (no docker needed).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEPLOY = join(ROOT, 'deploy');

export const readText = (...parts: string[]): string => readFileSync(join(ROOT, ...parts), 'utf8');

export function readYaml<T = Record<string, unknown>>(...parts: string[]): T {
  return parse(readText(...parts)) as T;
}

/** Every document of a multi-document YAML file, failing on a parse error. */
export function readYamlDocuments(...parts: string[]): Record<string, unknown>[] {
  return parseAllDocuments(readText(...parts)).map((d) => {
    if (d.errors.length > 0) throw new Error(`${parts.join('/')}: ${d.errors[0]?.message}`);
    return d.toJS() as Record<string, unknown>;
  });
}
