// Undertone params (imp.ext.bidder): placement and publisher ids, both positive integers.
export const paramsSchema: Record<string, unknown> = {
  title: 'Undertone Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: 'integer', minimum: 1, description: 'Undertone placement id' },
    publisherId: { type: 'integer', minimum: 1, description: 'Undertone publisher id' },
  },
  required: ['placementId', 'publisherId'],
};
