// `npm start`: both services on their embedded defaults (in-memory cache, stored data from files),
// in two child processes; Ctrl-C or SIGTERM stops both gracefully (each drains its in-flight requests).
// Arguments (issue 23): `--config FILE` / `--server-config FILE` go to the auction server,
// `--cache-config FILE` to the cache service (each repeatable), `--check-config` to both.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The server caches through the cache service started next to it (AMP needs cached bids), over
// plain http; the environment still wins. scripts/demo-data.test.ts runs the examples with it.
const SERVER_ENV = JSON.parse(readFileSync(new URL('./start-env.json', import.meta.url), 'utf8'));

function splitArgs(argv) {
  const server = [];
  const cache = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === '--config' || flag === '--server-config') server.push('--config', value());
    else if (flag === '--cache-config') cache.push('--config', value());
    else if (flag === '--check-config') {
      server.push(flag);
      cache.push(flag);
    } else {
      process.stderr.write(
        `npm start: unknown argument ${argv[i]} (--config, --server-config, --cache-config, --check-config)\n`,
      );
      process.exit(1);
    }
  }
  return { server, cache };
}

const args = splitArgs(process.argv.slice(2));
const children = [
  spawn(process.execPath, ['apps/cache/dist/src/main.js', ...args.cache], { stdio: 'inherit' }),
  spawn(process.execPath, ['apps/server/dist/src/main.js', ...args.server], {
    stdio: 'inherit',
    env: { ...SERVER_ENV, ...process.env },
  }),
];
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
let exited = 0;
let worst = 0;
for (const c of children) {
  c.on('exit', (code) => {
    exited += 1;
    worst = Math.max(worst, code ?? 0);
    if (!stopping) stop('SIGTERM');
    if (exited === children.length) process.exit(worst);
  });
}
