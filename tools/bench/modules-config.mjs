// Row M's server settings (issue "Modules and analytics"): hooks on with ortb2blocking and
// richmedia-filter (the plan is account `pub-modules`'s, in stored-data/accounts/), and both analytics
// adapters: JSON lines to a file, batched HTTP to a sink that answers 200. Used by main.mjs and profile.mjs.
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MODULES_PUBLISHER = 'pub-modules';

/** Starts the HTTP analytics sink; returns the server config to add and a close function. */
export async function startModulesSetup() {
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise((r) => sink.listen(0, '127.0.0.1', r));
  const file = join(tmpdir(), `gavel-bench-analytics-${process.pid}.jsonl`);
  const extraConfig = {
    hooks: {
      enabled: true,
      modules: {
        prebid: {
          ortb2blocking: { enabled: true },
          'richmedia-filter': { enabled: true, 'filter-mraid': true },
        },
      },
    },
    analytics: {
      log: { enabled: true, file },
      http: { enabled: true, url: `http://127.0.0.1:${sink.address().port}/collect` },
    },
  };
  // The log grows by ~25 KB per auction (hundreds of MB per run): removed once the run is over.
  const close = () => new Promise((r) => sink.close(() => r())).then(() => rmSync(file, { force: true }));
  return { extraConfig, close };
}
