// A real auction server in a child process (tests of issue 23): `node main.ts --config FILE` from
// source, on free ports, with `workers` cluster workers; its JSON log lines are collected.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP exchange on a fresh connection (so the cluster hands it to the next worker). */
export function call(
  url: string,
  opts: { method?: string; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? 'GET',
        agent: false,
        headers: opts.headers ?? {},
        timeout: opts.timeoutMs ?? 10000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

export interface RunningServer {
  child: ChildProcess;
  publicUrl: string;
  adminUrl: string;
  /** Every JSON log line so far (stdout). */
  lines(): Record<string, unknown>[];
  stderr(): string;
  /** Pids of the processes that logged `listening`. */
  workerPids(): number[];
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export async function startServer(config: Record<string, unknown>, workers: number): Promise<RunningServer> {
  const [port, adminPort] = [await freePort(), await freePort()];
  const full = Object.assign(
    { port, host: '127.0.0.1', admin: { port: adminPort }, workers, log: { level: 'info' } },
    config,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'gavel-cluster-')), 'config.json');
  writeFileSync(file, JSON.stringify(full));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('GAVEL_') && v !== undefined) env[k] = v;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN, '--config', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const lines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const listening = () => lines().filter((l) => l['msg'] === 'listening');
  const expected = 2 * Math.max(workers, 1);
  for (let i = 0; listening().length < expected; i++) {
    if (child.exitCode !== null || i > 600) {
      child.kill('SIGKILL');
      throw new Error(`server did not start (exit ${child.exitCode}): ${err}${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    publicUrl: `http://127.0.0.1:${port}`,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    lines,
    stderr: () => err,
    workerPids: () => [...new Set(listening().map((l) => Number(l['pid'])))],
    stop: (signal = 'SIGTERM') => {
      const started = Date.now();
      if (child.exitCode !== null) return Promise.resolve({ code: child.exitCode, ms: 0 });
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
        child.kill(signal);
      });
    },
  };
}
