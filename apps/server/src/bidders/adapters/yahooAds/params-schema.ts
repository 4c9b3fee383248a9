// Yahoo Ads params (imp.ext.bidder): the site/app id (`dcn`) and the placement (`pos`).
export const paramsSchema: Record<string, unknown> = {
  title: 'YahooAds Adapter Params',
  type: 'object',
  properties: {
    dcn: { type: 'string', minLength: 1, description: 'Site or app id' },
    pos: { type: 'string', minLength: 1, description: 'Placement id' },
  },
  required: ['dcn', 'pos'],
};
