// `npm start`: both services on their embedded defaults (in-memory cache, stored data from files),
// in two child processes; Ctrl-C or SIGTERM stops both gracefully.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['apps/cache/dist/src/main.js', ...process.argv.slice(2)], { stdio: 'inherit' }),
  // The server caches through the cache service started next to it (AMP needs cached bids);
  // GAVEL_CACHE_HOST in the environment still wins.
  spawn(process.execPath, ['apps/server/dist/src/main.js'], {
    stdio: 'inherit',
    env: { GAVEL_CACHE_HOST: '127.0.0.1:2424', ...process.env },
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
