// Endpoint templates (bidder info `endpoint`): `{{.Name}}` placeholders, as upstream's Go templates
// write them, replaced by request-derived values. Unknown placeholders become empty, as upstream.

/** `template` with each `{{.Name}}` replaced by `values[Name]` (empty when absent). */
export function resolveEndpoint(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
