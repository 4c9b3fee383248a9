// deploy/compose.yaml against the Compose Specification JSON schema (vendored, see docs/deploy.md),
// and `docker compose config` when the machine has docker with the compose plugin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { join } from 'node:path';
import { DEPLOY, readText, readYaml } from './deploy-check.testkit.js';

type Service = {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
};
type Compose = { services: Record<string, Service> };

function composeValidator() {
  // The 2021 schema spells ids `id` (draft-04 style): dropped, they are only annotations here.
  const schema = JSON.parse(readText('tools/deploy-check/compose-spec.json'), (k: string, v: unknown) =>
    k === 'id' && typeof v === 'string' ? undefined : v,
  ) as Record<string, unknown>;
  delete schema['$schema'];
  const formats = { duration: true, expose: true, ports: true, subnet_ip_address: true } as const;
  return new Ajv2019({ strict: false, allErrors: true, formats, logger: false }).compile(schema);
}

test('deploy/compose.yaml validates against the compose-spec schema', () => {
  const validate = composeValidator();
  const ok = validate(readYaml('deploy/compose.yaml'));
  assert.deepEqual(validate.errors ?? [], []);
  assert.equal(ok, true);
  assert.equal(
    validate({ services: { a: { image: 'x', bogus: 1 } } }),
    false,
    'the schema rejects unknown keys',
  );
});

test('compose: both services, Redis and PostgreSQL, healthchecks, depends_on healthy', () => {
  const { services } = readYaml<Compose>('deploy/compose.yaml');
  for (const name of ['redis', 'postgres', 'gavel-cache', 'gavel-server']) {
    assert.ok(services[name]?.healthcheck?.test.length, `${name} has a healthcheck`);
  }
  assert.equal(services['gavel-cache']?.depends_on?.['redis']?.condition, 'service_healthy');
  const server = services['gavel-server']!;
  assert.equal(server.depends_on?.['gavel-cache']?.condition, 'service_healthy');
  assert.equal(server.depends_on?.['postgres']?.condition, 'service_healthy');
  assert.equal(server.depends_on?.['migrate']?.condition, 'service_completed_successfully');
  assert.equal(services['gavel-cache']?.environment?.['GAVEL_CACHE_SVC_BACKEND_TYPE'], 'redis');
  assert.equal(server.environment?.['GAVEL_CACHE_HOST'], 'gavel-cache:2424');
  assert.equal(server.environment?.['GAVEL_SETTINGS_POSTGRES_ENABLED'], 'true');
});

function dockerCompose(): string[] | undefined {
  for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(cmd[0]!, [...cmd.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return cmd;
  }
  return undefined;
}

const compose = dockerCompose();
test(
  'docker compose config accepts deploy/compose.yaml',
  { skip: compose ? false : 'docker with the compose plugin is not installed' },
  () => {
    const cmd = compose!;
    const res = spawnSync(
      cmd[0]!,
      [...cmd.slice(1), '-f', join(DEPLOY, 'compose.yaml'), 'config', '--quiet'],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(res.status, 0, res.stderr);
  },
);
