// Issue 23: enum errors list the allowed values, a map/list variable that is not JSON is named,
// and a GAVEL_-style variable that sets no key is reported (with a guess) but is not an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import type { ConfigError } from './load-config.js';
import { loadConfig } from './load-config.js';
import { section } from './schema-helpers.js';

const schema = section(
  {
    level: Type.Union([Type.Literal('info'), Type.Literal('warn')], { default: 'info' }),
    hosts: Type.Array(Type.String(), { default: [] }),
    admin: section({ port: Type.Integer({ default: 1 }) }, 'admin'),
  },
  'test',
);
const load = (env: Record<string, string>) =>
  loadConfig(schema, { argv: [], env, envPrefix: 'T_', ignoreEnv: ['T_OTHER_'] });

test('a union of literals lists its allowed values', () => {
  assert.throws(
    () => load({ T_LEVEL: 'loud' }),
    (e: ConfigError) => e.problems.join('\n') === 'level: must be one of "info", "warn"',
  );
  assert.equal(load({ T_LEVEL: 'warn' }).config.level, 'warn');
});

test('invalid JSON in a list variable names the variable', () => {
  assert.throws(
    () => load({ T_HOSTS: '[a,' }),
    (e: ConfigError) => /^T_HOSTS: not valid JSON \(/.test(e.problems[0] ?? ''),
  );
});

test('a prefixed variable that maps to no key is a warning with a guess; ignored prefixes are not', () => {
  const { warnings } = load({ T_ADMIN_PROT: '5', T_OTHER_X: '1' });
  assert.deepEqual(warnings, ['T_ADMIN_PROT: no config key of this name (did you mean T_ADMIN_PORT?)']);
});
