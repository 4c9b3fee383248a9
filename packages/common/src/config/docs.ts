// Renders the config reference (docs/config.md) from a service's schema.
import type { TSchema } from '@sinclair/typebox';
import { describeType, envNameFor, listLeaves, type ConfigLeaf } from './schema-walk.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function constraints(schema: TSchema): string {
  const parts: string[] = [];
  if (schema['minimum'] !== undefined) parts.push(`≥ ${String(schema['minimum'])}`);
  if (schema['maximum'] !== undefined) parts.push(`≤ ${String(schema['maximum'])}`);
  if (schema['minLength'] !== undefined) parts.push(`min length ${String(schema['minLength'])}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function defaultCell(s: TSchema): string {
  if (s['secret']) return s['default'] === '' ? '`""`' : '(secret)';
  return s['default'] === undefined ? '—' : `\`${JSON.stringify(s['default'])}\``;
}

/** The entries of a map-valued key (e.g. `bidders.<name>`), documented field by field. */
function mapEntryRows(leaf: ConfigLeaf): string[] {
  const patterns = leaf.schema['patternProperties'] as Record<string, TSchema> | undefined;
  const valueSchema = patterns ? Object.values(patterns)[0] : undefined;
  if (!valueSchema || valueSchema['type'] !== 'object') return [];
  return listLeaves(valueSchema).map((sub) => {
    const s = sub.schema;
    return `| \`${[...leaf.path, '<name>', ...sub.path].join('.')}\` | ${cell(describeType(s))}${constraints(s)} | ${cell(defaultCell(s))} | (in the map's JSON) | ${cell(String(s['description'] ?? ''))} |`;
  });
}

export function renderConfigReference(
  title: string,
  schema: TSchema,
  envPrefix: string,
  intro: string,
): string {
  const lines = [
    `## ${title}`,
    '',
    intro,
    '',
    '| key | type | default | environment | description |',
    '|---|---|---|---|---|',
  ];
  for (const leaf of listLeaves(schema)) {
    const s = leaf.schema;
    const def = defaultCell(s);
    lines.push(
      `| \`${leaf.path.join('.')}\` | ${cell(describeType(s))}${constraints(s)} | ${cell(def)} | \`${envNameFor(envPrefix, leaf.path, s)}\` | ${cell(String(s['description'] ?? ''))} |`,
    );
    lines.push(...mapEntryRows(leaf));
  }
  return lines.join('\n') + '\n';
}
