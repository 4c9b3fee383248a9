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
