import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { ConfigError, loadConfig, redactConfig } from './load-config.js';
import { port, secret, section } from './schema-helpers.js';
import { envNameFor } from './schema-walk.js';

const schema = section(
  {
    port: port(8000, 'public port'),
    admin: section({ port: port(8060, 'admin port') }, 'admin'),
    amp: section({ 'default-timeout-ms': Type.Integer({ minimum: 1, default: 1000 }) }, 'amp'),
    db: section(
      { password: secret(Type.String({ default: '' })), hosts: Type.Array(Type.String(), { default: [] }) },
      'db',
    ),
    debug: Type.Boolean({ default: false }),
  },
  'test',
);

const dir = mkdtempSync(join(tmpdir(), 'gavel-config-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

test('built-in defaults fill every section', () => {
  const { config } = loadConfig(schema, { argv: [], env: {}, envPrefix: 'T_' });
  assert.equal(config.port, 8000);
  assert.equal(config.admin.port, 8060);
  assert.equal(config.amp['default-timeout-ms'], 1000);
  assert.deepEqual(config.db.hosts, []);
  assert.ok(Object.isFrozen(config.admin), 'config is frozen after validation');
});

test('files apply in order (YAML then JSON), then the environment wins', () => {
  const a = file('a.yaml', 'port: 9000\nadmin:\n  port: 9060\n');
  const b = file('b.json', '{"admin": {"port": 9061}, "debug": true}');
  const { config } = loadConfig(schema, {
    argv: ['--config', a, `--config=${b}`],
    env: { T_AMP_DEFAULT_TIMEOUT_MS: '700', T_ADMIN_PORT: '9062', T_DB_HOSTS: '["x","y"]' },
    envPrefix: 'T_',
  });
  assert.equal(config.port, 9000);
  assert.equal(config.admin.port, 9062);
  assert.equal(config.debug, true);
  assert.equal(config.amp['default-timeout-ms'], 700);
  assert.deepEqual(config.db.hosts, ['x', 'y']);
});

test('every problem is reported at once with its key path', () => {
  const bad = file('bad.yaml', 'port: "eighty"\nadmin:\n  prot: 1\namp:\n  default-timeout-ms: 0\n');
  assert.throws(
    () => loadConfig(schema, { argv: ['--config', bad], env: {}, envPrefix: 'T_' }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(
        [...err.problems].sort(),
        ['admin.prot: unknown key', 'amp.default-timeout-ms: must be >= 1', 'port: must be integer'].sort(),
      );
      return true;
    },
  );
});

test('unreadable files, bad YAML and unknown arguments are problems too', () => {
  const broken = file('broken.yaml', 'port: [1,\n');
  assert.throws(
    () =>
      loadConfig(schema, {
        argv: ['--config', join(dir, 'missing.yaml'), '--config', broken, '--bogus'],
        env: {},
        envPrefix: 'T_',
      }),
    (err: unknown) => err instanceof ConfigError && err.problems.length === 3,
  );
});

test('an environment value of the wrong type is reported with its path', () => {
  assert.throws(
    () => loadConfig(schema, { argv: [], env: { T_PORT: 'abc' }, envPrefix: 'T_' }),
    (err: unknown) => err instanceof ConfigError && err.problems.includes('port: must be integer'),
  );
});

test('--check-config is reported and secrets are redacted for printing', () => {
  const { config, checkOnly } = loadConfig(schema, {
    argv: ['--check-config'],
    env: { T_DB_PASSWORD: 's3cret' },
    envPrefix: 'T_',
  });
  assert.equal(checkOnly, true);
  assert.equal(config.db.password, 's3cret');
  const printed = JSON.stringify(redactConfig(schema, config));
  assert.ok(!printed.includes('s3cret'));
  assert.ok(printed.includes('[redacted]'));
});

test('environment names: prefix + path, dots and dashes become underscores', () => {
  assert.equal(envNameFor('GAVEL_', ['amp', 'default-timeout-ms']), 'GAVEL_AMP_DEFAULT_TIMEOUT_MS');
  assert.equal(envNameFor('GAVEL_', ['admin', 'port']), 'GAVEL_ADMIN_PORT');
});
