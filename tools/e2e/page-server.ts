// The publisher: a static server on 127.0.0.1 (its own port, so a different origin from Gavel but the
// same site, as a publisher page and its Prebid Server host on one domain) serving the test page,
// the Prebid.js bundle built at start-up with esbuild, and the currency rates file.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { RATES_FILE } from './services.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Gavel × Prebid.js e2e</title>
  <style>body { font: 16px sans-serif; margin: 16px } .slot { margin: 8px 0; min-height: 250px }</style>
  <script src="/prebid.js"></script>
</head>
<body>
  <h1>Gavel × Prebid.js</h1>
  <div id="slot-banner" class="slot"></div>
</body>
</html>
`;

/** Bundles page/app.ts (Prebid.js core and modules from npm) into one browser script. */
export async function bundlePrebid(): Promise<string> {
  const result = await build({
    entryPoints: [`${HERE}page/app.ts`],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('esbuild produced no output');
  return out.text;
}

export interface PageServer {
  origin: string;
  /** Paths requested since start. */
  hits: string[];
  close(): Promise<void>;
}

export async function startPageServer(script: string): Promise<PageServer> {
  const hits: string[] = [];
  const rates = readFileSync(RATES_FILE);
  const files: Record<string, [string, string | Buffer]> = {
    '/page.html': ['text/html; charset=utf-8', PAGE],
    '/prebid.js': ['text/javascript; charset=utf-8', script],
    '/rates.json': ['application/json', rates],
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    hits.push(path);
    const file = files[path];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'access-control-allow-origin': '*' }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
