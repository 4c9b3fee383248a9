import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';

test('SIGTERM during a slow in-flight request: the request completes, resources close, exit 0', async () => {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', new URL('./slow-service.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`exited early: ${out}`)));
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/slow' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
  // However busy the machine, SIGTERM goes once the route has started (the service says so).
  for (let i = 0; i < 500 && !out.includes('SLOW STARTED'); i++) await new Promise((r) => setTimeout(r, 10));
  assert.match(out, /SLOW STARTED/);
  await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGTERM');
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const res = await response;
  assert.equal(res.status, 200);
  assert.deepEqual(JSON.parse(res.body), { done: true });
  assert.equal(exitCode, 0);
  assert.match(out, /RESOURCES-CLOSED true/);
});
