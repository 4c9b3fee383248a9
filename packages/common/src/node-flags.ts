import v8 from 'node:v8';

// Whether node itself was given a flag (on its command line or in NODE_OPTIONS): a setting the
// service would derive from its config then yields to the host's own flag.
export function nodeWasGiven(flag: RegExp): boolean {
  return flag.test([...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].join(' '));
}

/** Sets V8 flags for this process (they are process-wide); false when there were none to set. */
export function setV8Flags(flags: readonly string[]): boolean {
  for (const flag of flags) v8.setFlagsFromString(flag);
  return flags.length > 0;
}

/**
 * `--no-<name>` for a V8 feature a setting turns off: none when the setting leaves it on or node
 * was given `--<name>` / `--no-<name>` itself.
 */
export function offFlags(name: string, enabled: boolean): string[] {
  if (enabled || nodeWasGiven(new RegExp(`--(no-)?${name}(=|\\s|$)`))) return [];
  return [`--no-${name}`];
}
