// Whether node itself was given a flag (on its command line or in NODE_OPTIONS): a setting the
// service would derive from its config then yields to the host's own flag.
export function nodeWasGiven(flag: RegExp): boolean {
  return flag.test([...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].join(' '));
}
