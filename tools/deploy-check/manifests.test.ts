// Kubernetes manifests parse and carry probes and resources; the Dockerfiles run as a non-root
// user with a HEALTHCHECK on /status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readText, readYaml, readYamlDocuments } from './deploy-check.testkit.js';

type Probe = { httpGet?: { path: string; port: string | number } };
type Container = {
  ports: { name: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
};

type Deployment = {
  metadata: { name: string };
  spec: {
    template: {
      spec: {
        securityContext: { runAsNonRoot: boolean };
        containers: Container[];
        volumes: { configMap: { name: string } }[];
      };
    };
  };
};
type ExternalService = { metadata: { name: string }; spec: { type: string } };

const SERVICES = [
  { name: 'gavel-server', file: 'server.yaml', ports: [8000, 8060] },
  { name: 'gavel-cache', file: 'cache.yaml', ports: [2424, 2525] },
];

for (const svc of SERVICES) {
  test(`k8s ${svc.file}: Deployment with readiness on /status, liveness, resources; Services`, () => {
    const docs = readYamlDocuments('deploy/k8s', svc.file);
    const deployment = docs.find((d) => d['kind'] === 'Deployment') as unknown as Deployment;
    assert.equal(deployment.metadata.name, svc.name);
    const pod = deployment.spec.template.spec;
    assert.equal(pod.securityContext.runAsNonRoot, true);
    const [c] = pod.containers;
    assert.deepEqual(
      c!.ports.map((p) => p.containerPort),
      svc.ports,
    );
    assert.equal(c!.readinessProbe?.httpGet?.path, '/status');
    assert.ok(c!.livenessProbe?.httpGet?.path);
    for (const k of ['cpu', 'memory']) {
      assert.ok(c!.resources?.requests?.[k] && c!.resources?.limits?.[k], `${k} request and limit`);
    }
    assert.equal(pod.volumes[0]?.configMap.name, `${svc.name}-config`);
    const services = docs
      .filter((d) => d['kind'] === 'Service')
      .map((d) => (d['metadata'] as { name: string }).name);
    assert.deepEqual(services, [svc.name, `${svc.name}-admin`]);
  });
}

test('k8s: Redis and PostgreSQL are external services; kustomization lists every file', () => {
  const ext = readYamlDocuments('deploy/k8s/external-services.yaml') as unknown as ExternalService[];
  assert.deepEqual(
    ext.map((d) => [d.metadata.name, d.spec.type]),
    [
      ['redis', 'ExternalName'],
      ['postgres', 'ExternalName'],
    ],
  );
  const k = readYaml<{ resources: string[] }>('deploy/k8s/kustomization.yaml');
  assert.deepEqual([...k.resources].sort(), [
    'cache.yaml',
    'configmap.yaml',
    'external-services.yaml',
    'server.yaml',
  ]);
});

for (const svc of ['server', 'cache']) {
  test(`deploy/${svc}.Dockerfile: multi-stage, npm ci + build, production deps, non-root USER, HEALTHCHECK /status`, () => {
    const text = readText('deploy', `${svc}.Dockerfile`);
    const lines = text.split('\n').filter((l) => !l.startsWith('#'));
    assert.equal(lines.filter((l) => /^FROM /.test(l)).length, 2, 'build and runtime stages');
    assert.match(text, /RUN npm ci [^\n]*&& npm run build/);
    assert.match(text, /RUN npm ci --omit=dev/);
    const users = lines.filter((l) => /^USER /.test(l));
    assert.equal(users.length, 1);
    assert.doesNotMatch(users[0]!, /^USER (root|0)(:|\s|$)/);
    const health = text.slice(text.indexOf('HEALTHCHECK'));
    assert.match(health, /CMD \["node", "-e", ".*\/status/);
    assert.match(text, /^EXPOSE \d+ \d+$/m);
  });
}
