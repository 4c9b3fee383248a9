// The build's identity, served by GET /version: revision from GAVEL_REVISION or the git checkout.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface VersionInfo {
  revision: string;
  version: string;
}

export function readVersionInfo(packageJsonUrl: URL): VersionInfo {
  let version = 'not-set';
  try {
    const pkg = JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // keep not-set: a missing package.json must not stop the service
  }
  let revision = process.env['GAVEL_REVISION'] ?? '';
  if (!revision) {
    try {
      revision = execFileSync('git', ['rev-parse', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      revision = 'not-set';
    }
  }
  return { revision: revision || 'not-set', version };
}
