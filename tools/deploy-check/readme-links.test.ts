// Every relative link in README.md and docs/*.md resolves to a file or folder of the repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, readText } from './deploy-check.testkit.js';

const files = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Targets of `[text](target)` links, without fenced code blocks and inline code. */
function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURI(t.split('#')[0]!));
}

for (const file of files) {
  test(`relative links of ${file} resolve`, () => {
    const missing = relativeLinks(readText(file)).filter((t) => !existsSync(join(ROOT, dirname(file), t)));
    assert.deepEqual(missing, []);
  });
}
