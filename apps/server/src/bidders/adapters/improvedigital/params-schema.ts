// Improve Digital params (imp.ext.bidder): the placement id, optional publisher id, key-values and size.
export const paramsSchema: Record<string, unknown> = {
  title: 'Improve Digital Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: 'integer', minimum: 1, description: 'Improve Digital placement id' },
    publisherId: { type: 'integer', minimum: 1, description: 'Improve Digital publisher id' },
    keyValues: { type: 'object', description: 'Key-value pairs for targeting' },
    size: {
      type: 'object',
      properties: { w: { type: 'integer' }, h: { type: 'integer' } },
      required: ['w', 'h'],
      description: 'Placement size',
    },
  },
  required: ['placementId'],
};
