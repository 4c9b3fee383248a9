// Regenerates docs/config.md from both services' config schemas (`npm run docs:config`).
import { writeFileSync } from 'node:fs';
import { renderConfigDocs } from './config-docs.js';

writeFileSync(new URL('../docs/config.md', import.meta.url), renderConfigDocs());
process.stdout.write('docs/config.md written\n');
