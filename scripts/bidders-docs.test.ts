import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { BidderModule } from '@gavel/server';
import { renderBiddersDocs } from './bidders-docs.js';

test('docs/bidders.md matches the bidder catalog (run `npm run docs:bidders` to refresh)', () => {
  const onDisk = readFileSync(new URL('../docs/bidders.md', import.meta.url), 'utf8');
  const fresh = renderBiddersDocs();
  if (onDisk === fresh) return;
  const had = new Set(onDisk.split('\n'));
  const has = new Set(fresh.split('\n'));
  const missing = [...has].filter((l) => !had.has(l));
  const extra = [...had].filter((l) => !has.has(l));
  assert.fail(
    `docs/bidders.md is stale: run \`npm run docs:bidders\`\nmissing:\n${missing.join('\n')}\nno longer true:\n${extra.join('\n')}`,
  );
});

test('one row per bidder and alias: media types per platform, GVL id, user sync, OpenRTB version', () => {
  const modules: BidderModule[] = [
    {
      code: 'zeta',
      info: {
        endpoint: 'https://z',
        enabled: true,
        capabilities: { site: ['banner', 'video'], app: ['native'] },
        gvlVendorId: 7,
        userSync: { key: 'zfam', redirect: { url: 'https://s' } },
        openrtbVersion: '2.6',
      },
      paramsSchema: {},
    },
    {
      code: 'alpha',
      info: { endpoint: '', enabled: false, capabilities: { dooh: ['banner'] }, aliasOf: 'zeta' },
      paramsSchema: {},
    },
  ];
  const lines = renderBiddersDocs(modules).split('\n');
  const rows = lines.filter((l) => l.startsWith('| `'));
  assert.deepEqual(rows, [
    '| `alpha` (disabled) | `zeta` | – | – | banner | – | – | 2.5 |',
    '| `zeta` |  | banner, video | native | – | 7 | redirect (key `zfam`) | 2.6 |',
  ]);
  assert.ok(lines.includes('2 bidders, 1 of them hard aliases. Media types are per platform of the'));
});
