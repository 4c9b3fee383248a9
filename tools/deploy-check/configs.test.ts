// The sample production configs load through each service's own config loader, and every
// GAVEL_* variable that compose.yaml or the Kubernetes manifests set names a real config key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { envNameFor, listLeaves, loadConfig } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX } from '../../apps/server/src/config/schema.js';
import { CacheConfigSchema, CACHE_ENV_PREFIX } from '../../apps/cache/src/config/schema.js';
import { DEPLOY, readText, readYaml, readYamlDocuments } from './deploy-check.testkit.js';

const SERVICES = {
  server: { schema: ServerConfigSchema as TSchema, prefix: SERVER_ENV_PREFIX, compose: 'gavel-server' },
  cache: { schema: CacheConfigSchema as TSchema, prefix: CACHE_ENV_PREFIX, compose: 'gavel-cache' },
} as const;

type Compose = { services: Record<string, { environment?: Record<string, string> }> };

const envNames = (schema: TSchema, prefix: string) =>
  new Set(listLeaves(schema).map((leaf) => envNameFor(prefix, leaf.path, leaf.schema)));

for (const [name, svc] of Object.entries(SERVICES)) {
  const file = join(DEPLOY, 'config', `${name}.production.yaml`);
  const env = readYaml<Compose>('deploy/compose.yaml').services[svc.compose]?.environment ?? {};

  test(`deploy/config/${name}.production.yaml loads through the ${name} config loader`, () => {
    const { config } = loadConfig(svc.schema, { argv: ['--config', file], env: {}, envPrefix: svc.prefix });
    const c = config as { admin: { host: string }; host: string };
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.admin.host, '0.0.0.0', 'admin port reachable by probes and Prometheus');
  });

  test(`${name}: the compose environment names real keys and loads with the file`, () => {
    const known = envNames(svc.schema, svc.prefix);
    for (const key of Object.keys(env)) assert.ok(known.has(key), `${key} is a ${name} config variable`);
    const { config } = loadConfig(svc.schema, { argv: ['--config', file], env, envPrefix: svc.prefix });
    assert.ok(config);
  });

  test(`${name}: the Kubernetes ConfigMap holds the same file and the env names real keys`, () => {
    const docs = readYamlDocuments('deploy/k8s/configmap.yaml');
    const cm = docs.find((d) => (d['metadata'] as { name: string }).name === `gavel-${name}-config`);
    assert.equal(
      (cm?.['data'] as Record<string, string>)[`${name}.yaml`],
      readText('deploy/config', `${name}.production.yaml`),
    );
    const deployment = readYamlDocuments(`deploy/k8s/${name}.yaml`).find((d) => d['kind'] === 'Deployment')!;
    const containers = (
      deployment['spec'] as { template: { spec: { containers: { env?: { name: string }[] }[] } } }
    ).template.spec.containers as { env?: { name: string }[] }[];
    const known = envNames(svc.schema, svc.prefix);
    for (const e of containers.flatMap((c) => c.env ?? []))
      assert.ok(known.has(e.name), `${e.name} is a ${name} config variable`);
  });
}

test('server config: the cache service and PostgreSQL stored data', () => {
  const file = join(DEPLOY, 'config', 'server.production.yaml');
  const { config } = loadConfig(ServerConfigSchema, {
    argv: ['--config', file],
    env: {},
    envPrefix: SERVER_ENV_PREFIX,
  });
  assert.equal(config.cache.host, 'gavel-cache:2424');
  assert.equal(config.settings.postgres.enabled, true);
});

test('cache config: the Redis backend', () => {
  const file = join(DEPLOY, 'config', 'cache.production.yaml');
  const { config } = loadConfig(CacheConfigSchema, {
    argv: ['--config', file],
    env: {},
    envPrefix: CACHE_ENV_PREFIX,
  });
  assert.equal(config.backend.type, 'redis');
  assert.equal(config.backend.redis.host, 'redis');
});
