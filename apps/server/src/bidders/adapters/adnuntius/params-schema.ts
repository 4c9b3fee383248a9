// Adnuntius params (imp.ext.bidder): the ad unit, plus network, cookies, deals and price type. The
// adapter also reads an optional `targeting` object (c, segments, keywords, kv, auml).
export const paramsSchema: Record<string, unknown> = {
  title: 'Adnuntius Adapter Params',
  type: 'object',
  properties: {
    auId: { type: 'string', description: 'Ad unit (placement) id' },
    maxDeals: { type: 'integer', description: 'How many deal bids to return besides the ad' },
    network: { type: 'string', description: 'Network of the ad unit, when required' },
    noCookies: { type: 'boolean', description: 'Ask the ad server not to set cookies' },
    bidType: { type: 'string', description: 'Price to bid: net or gross (default: the plain bid)' },
  },
  required: ['auId'],
};
