// Renders the config reference (docs/config.md) from a service's schema.
import type { TSchema } from '@sinclair/typebox';
import { describeType, envNameFor, listLeaves } from './schema-walk.js';

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
    const def = s['secret']
      ? s['default'] === ''
        ? '`""`'
        : '(secret)'
      : s['default'] === undefined
        ? '—'
        : `\`${JSON.stringify(s['default'])}\``;
    lines.push(
      `| \`${leaf.path.join('.')}\` | ${cell(describeType(s))}${constraints(s)} | ${cell(def)} | \`${envNameFor(envPrefix, leaf.path, s)}\` | ${cell(String(s['description'] ?? ''))} |`,
    );
  }
  return lines.join('\n') + '\n';
}
