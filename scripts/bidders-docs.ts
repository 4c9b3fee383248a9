// The text of docs/bidders.md, generated from the built-in bidder catalog (a test compares it with
// the file; `npm run docs:bidders` rewrites it).
import { builtInBidders, type BidderInfo, type BidderModule } from '@gavel/server';

const cell = (text: string) => text.replaceAll('|', '\\|');

function mediaTypes(info: BidderInfo, platform: 'site' | 'app' | 'dooh'): string {
  const types = (info.capabilities as Partial<Record<string, string[]>>)[platform];
  return types?.length ? types.join(', ') : '–';
}

function userSync(module: BidderModule): string {
  const sync = module.info.userSync;
  if (!sync || sync.enabled === false) return '–';
  const kinds = (['iframe', 'redirect'] as const).filter((k) => sync[k] !== undefined);
  if (kinds.length === 0) return '–';
  const key = sync.key ?? module.code;
  return `${kinds.join(', ')}${key !== module.code ? ` (key \`${key}\`)` : ''}`;
}

function row(m: BidderModule): string {
  const { info } = m;
  const name = `\`${m.code}\`${info.enabled ? '' : ' (disabled)'}`;
  return [
    name,
    info.aliasOf ? `\`${info.aliasOf}\`` : '',
    mediaTypes(info, 'site'),
    mediaTypes(info, 'app'),
    mediaTypes(info, 'dooh'),
    info.gvlVendorId !== undefined ? String(info.gvlVendorId) : '–',
    userSync(m),
    info.openrtbVersion ?? '2.5',
  ]
    .map(cell)
    .join(' | ');
}

/** docs/bidders.md for the given modules (the built-in catalog by default). */
export function renderBiddersDocs(modules: readonly BidderModule[] = builtInBidders): string {
  const sorted = [...modules].sort((a, b) => {
    const x = a.code.toLowerCase();
    const y = b.code.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const aliases = sorted.filter((m) => m.info.aliasOf !== undefined).length;
  return [
    '# Built-in bidders',
    '',
    'Generated from the bidder catalog (`apps/server/src/bidders/adapters/catalog.ts`) by',
    '`npm run docs:bidders`; do not edit by hand (a test fails when it is stale).',
    '',
    `${sorted.length} bidders, ${aliases} of them hard aliases. Media types are per platform of the`,
    'request (site, app, DOOH); user sync lists the sync types offered and the cookie family when it',
    'differs from the bidder code. Hosts add or override bidders in config (`bidders.<name>`,',
    'docs/config.md), which this list does not show.',
    '',
    '| Bidder | Alias of | Site | App | DOOH | GVL id | User sync | OpenRTB |',
    '|---|---|---|---|---|---|---|---|',
    ...sorted.map((m) => `| ${row(m)} |`),
    '',
  ].join('\n');
}
