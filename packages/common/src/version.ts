// The build's identity, served by GET /version: revision from GAVEL_REVISION or the git checkout.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface VersionInfo {
  revision: string;
  version: string;
}

/** The nearest package.json above a module (works from src/ and from dist/src/ alike). */
function findPackageJson(moduleUrl: string): string | undefined {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

/** `moduleUrl`: the caller's `import.meta.url`; the version comes from its workspace's package.json. */
export function readVersionInfo(moduleUrl: string): VersionInfo {
  let version = 'not-set';
  try {
    const file = findPackageJson(moduleUrl);
    const pkg = (file ? JSON.parse(readFileSync(file, 'utf8')) : {}) as { version?: unknown };
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
