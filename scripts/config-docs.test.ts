import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderConfigDocs } from './config-docs.js';

test('docs/config.md matches the config schemas (run `npm run docs:config` to refresh)', () => {
  const onDisk = readFileSync(new URL('../docs/config.md', import.meta.url), 'utf8');
  assert.equal(onDisk, renderConfigDocs());
});
