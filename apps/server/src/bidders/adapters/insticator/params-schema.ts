// Insticator params (imp.ext.bidder): the ad unit id (imps are grouped by it) and the publisher id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Insticator Adapter Params',
  type: 'object',
  properties: {
    adUnitId: { type: 'string', minLength: 1, description: 'Ad unit id' },
    publisherId: { type: 'string', minLength: 1, description: 'Publisher id' },
  },
  required: ['adUnitId', 'publisherId'],
};
