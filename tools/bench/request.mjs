// The auction request of `npm run bench`: a realistic ~3 KB OpenRTB 2.5 site request with 2 banner
// imps, each naming the scenario's bidders under imp.ext.prebid.bidder (the corpus's namespace).
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A floors model of `n` rules on mediaType|size|domain (the F scenario: floors signalled and enforced). */
export function floorsModel(n) {
  const sizes = [
    '300x250',
    '300x600',
    '728x90',
    '970x250',
    '320x50',
    '160x600',
    '336x280',
    '468x60',
    '250x250',
    '*',
  ];
  const domains = ['news.example.com', 'sport.example.com', 'www.example.org', 'blog.example.net', '*'];
  const values = {};
  for (let i = 0; i < n; i++)
    values[`banner|${sizes[i % 10]}|${domains[Math.floor(i / 10) % 5]}`] = 0.05 + (i % 7) / 100;
  return {
    floormin: 0.01,
    enforcement: { enforcepbs: true },
    data: {
      currency: 'USD',
      modelgroups: [
        { modelversion: 'bench', schema: { fields: ['mediaType', 'size', 'domain'] }, values, default: 0.05 },
      ],
    },
  };
}

/** The `ext.<ns>` blocks withParity can add, in the order it adds them. */
export const PARITY_PARTS = ['floors', 'multibid', 'bidadjustmentfactors', 'bidadjustments'];

/**
 * The parity features, as a publisher would send them, for the first K yardstick bidders; `parts`
 * (default all of PARITY_PARTS) picks which blocks are added, to measure one feature at a time.
 */
export function withParity(body, bidders, parts = PARITY_PARTS) {
  const unknown = parts.filter((p) => !PARITY_PARTS.includes(p));
  if (unknown.length)
    throw new Error(`unknown parity part(s) ${unknown.join(', ')} (${PARITY_PARTS.join(', ')})`);
  const prebid = body.ext.prebid;
  if (parts.includes('floors')) prebid.floors = floorsModel(50);
  if (parts.includes('multibid'))
    prebid.multibid = [
      { bidders: bidders.slice(0, 2), maxbids: 3 },
      { bidder: bidders[2], maxbids: 2, targetbiddercodeprefix: 'mb' },
    ];
  if (parts.includes('bidadjustmentfactors'))
    prebid.bidadjustmentfactors = {
      [bidders[0]]: 0.9,
      [bidders[1]]: 0.95,
      mediatypes: { banner: { [bidders[2]]: 0.85 } },
    };
  const rule = (adjtype, value) => [{ adjtype, value, ...(adjtype === 'cpm' ? { currency: 'USD' } : {}) }];
  if (parts.includes('bidadjustments'))
    prebid.bidadjustments = {
      mediatype: {
        banner: { [bidders[0]]: { '*': rule('multiplier', 0.92) }, '*': { '*': rule('cpm', 0.01) } },
        'video-instream': { '*': { '*': rule('multiplier', 0.97) } },
      },
    };
  return body;
}

/**
 * A body named `plain`, `parity` or `parity:<part>+<part>` (the parity body with only those blocks):
 * its kind and parts (undefined: all of PARITY_PARTS). Blocks on another kind are an error.
 * @param {string} name
 */
export function bodySpec(name) {
  const [kind, partList] = name.split(':');
  if (partList !== undefined && kind !== 'parity')
    throw new Error(`${name}: only the parity body takes blocks (${kind} has none)`);
  return { kind, parts: partList === undefined ? undefined : partList.split('+') };
}

/** Site, device, user, regs and source of every bench request (fixed, realistic sizes). */
const CONTEXT = {
  site: {
    id: 'site-7',
    domain: 'news.example.com',
    page: 'https://news.example.com/world/2026/11/some-long-article-title-about-things.html?utm_source=x',
    ref: 'https://www.search.example/',
    cat: ['IAB12'],
    publisher: { id: 'pub-42', domain: 'example.com' },
    content: { language: 'en', keywords: 'news,world,politics' },
  },
  device: {
    ua: UA,
    ip: '203.0.113.17',
    devicetype: 2,
    make: 'Google',
    os: 'Windows',
    osv: '10',
    language: 'en',
    js: 1,
    dnt: 0,
    w: 1920,
    h: 1080,
    geo: { country: 'USA', region: 'CA', city: 'San Francisco', zip: '94103', type: 2 },
  },
  user: {
    id: 'u-7c1d3b0e-5f7a-4c36-9d11-1f0a2a6b9e44',
    buyeruid: 'b-91a0',
    ext: {
      eids: [
        { source: 'id5-sync.com', uids: [{ id: 'ID5*abcdefghijklmnopqrstuvwxyz0123456789', atype: 1 }] },
        { source: 'pubcid.org', uids: [{ id: '0b8f2a8e-5d1c-4e2a-9a3b-7c6d5e4f3a21', atype: 1 }] },
      ],
    },
  },
  regs: { coppa: 0, ext: { gdpr: 0, us_privacy: '1---' } },
  source: {
    tid: 'c8a7d2b4-1e3f-4a5b-9c6d-7e8f9a0b1c2d',
    ext: { schain: { ver: '1.0', complete: 1, nodes: [{ asi: 'example.com', sid: 'pub-42', hp: 1 }] } },
  },
};

/** The ext.prebid of a scenario: targeting, cache, floors and multibid as asked. */
function prebidExt({ bidders, targeting, cacheBids, floorRules, multibid }) {
  const prebid = {};
  if (targeting) prebid.targeting = { includewinners: true, includebidderkeys: true };
  if (cacheBids) prebid.cache = { bids: {} };
  if (floorRules > 0) prebid.floors = floorsModel(floorRules);
  if (multibid)
    prebid.multibid = [
      { bidders: bidders.slice(0, 4), maxbids: 3 },
      { bidder: bidders[4], maxbids: 2, targetbiddercodeprefix: 'mb' },
    ];
  return prebid;
}

export function buildRequest({
  bidders,
  targeting = false,
  cacheBids = false,
  tmax = 1000,
  floorRules = 0,
  multibid = false,
  publisher = 'pub-42',
}) {
  const params = Object.fromEntries(bidders.map((b, i) => [b, { placementId: 1000 + i, siteId: 'site-7' }]));
  const imp = (i, sizes) => ({
    id: `imp-${i}`,
    tagid: `div-gpt-ad-${i}`,
    banner: { format: sizes.map(([w, h]) => ({ w, h })), pos: 1 },
    bidfloor: 0.1,
    bidfloorcur: 'USD',
    secure: 1,
    ext: { prebid: { bidder: params }, gpid: `/1234/home/slot-${i}` },
  });
  const ext = { prebid: prebidExt({ bidders, targeting, cacheBids, floorRules, multibid }) };
  return {
    id: 'bench-auction',
    imp: [
      imp(1, [
        [300, 250],
        [300, 600],
      ]),
      imp(2, [
        [728, 90],
        [970, 250],
      ]),
    ],
    ...CONTEXT,
    site: { ...CONTEXT.site, publisher: { ...CONTEXT.site.publisher, id: publisher } },
    cur: ['USD'],
    tmax,
    ext,
  };
}
