// PubMatic params (imp.ext.bidder): publisher id (required), ad slot, floors, targeting and the
// OpenWrap profile.
export const paramsSchema: Record<string, unknown> = {
  title: 'PubMatic Adapter Params',
  type: 'object',
  properties: {
    publisherId: { type: 'string', description: 'Publisher id' },
    adSlot: { type: 'string', description: 'Ad slot, optionally with a size: name@WxH' },
    pmzoneid: { type: 'string', description: 'Comma-separated zone ids for deal and section targeting' },
    kadfloor: { type: 'string', description: 'Bid floor, copied to imp.bidfloor' },
    dctr: { type: 'string', description: 'Deal custom targeting: key1=v1,v2|key2=v3' },
    acat: { type: 'array', items: { type: 'string' }, description: 'Allowed categories for the auction' },
    wrapper: {
      type: 'object',
      description: 'OpenWrap configuration of the publisher',
      properties: {
        profile: { type: 'integer', description: 'OpenWrap profile id' },
        version: { type: 'integer', description: 'OpenWrap profile version' },
      },
      required: ['profile'],
    },
    keywords: {
      type: 'array',
      minItems: 1,
      description: 'Key/values for buy-side segment targeting',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string' },
          value: { type: 'array', minItems: 1, items: { type: 'string' } },
        },
        required: ['key', 'value'],
      },
    },
  },
  required: ['publisherId'],
};
