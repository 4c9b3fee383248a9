// Regenerates docs/bidders.md from the built-in bidder catalog (`npm run docs:bidders`).
import { writeFileSync } from 'node:fs';
import { renderBiddersDocs } from './bidders-docs.js';

writeFileSync(new URL('../docs/bidders.md', import.meta.url), renderBiddersDocs());
process.stdout.write('docs/bidders.md written\n');
