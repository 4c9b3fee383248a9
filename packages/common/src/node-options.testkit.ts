import { execFileSync } from 'node:child_process';

// Runs `fn` with NODE_OPTIONS set to `value` (unset for undefined), restoring it afterwards.
export function withNodeOptions<T>(value: string | undefined, fn: () => T): T {
  const before = process.env['NODE_OPTIONS'];
  if (value === undefined) delete process.env['NODE_OPTIONS'];
  else process.env['NODE_OPTIONS'] = value;
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env['NODE_OPTIONS'];
    else process.env['NODE_OPTIONS'] = before;
  }
}

/**
 * Runs an ES module `script` in a fresh node (V8 natives syntax on, optimisation on the calling
 * thread so no background compile's timing counts, TypeScript sources through tsx, NODE_OPTIONS
 * empty) and returns what it wrote to stdout.
 */
export function runInFreshV8(script: string): string {
  return execFileSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--no-concurrent-recompilation',
      '--conditions=source',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ],
    { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' },
  );
}
