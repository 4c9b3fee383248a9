// `npm start`: both services on their embedded defaults (in-memory cache, stored data from files),
// in two child processes; Ctrl-C or SIGTERM stops both gracefully.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['apps/cache/dist/src/main.js', ...process.argv.slice(2)], { stdio: 'inherit' }),
  spawn(process.execPath, ['apps/server/dist/src/main.js'], { stdio: 'inherit' }),
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
