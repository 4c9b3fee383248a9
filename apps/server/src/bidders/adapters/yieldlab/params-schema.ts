// Yieldlab params (imp.ext.bidder): ad slot and supply ids, an optional reporting id and key-value
// targeting.
export const paramsSchema: Record<string, unknown> = {
  title: 'Yieldlab Adapter Params',
  type: 'object',
  properties: {
    adslotId: { type: 'string', description: 'Yieldlab ad slot id' },
    supplyId: { type: 'string', description: 'Yieldlab supply id' },
    extId: { type: 'string', description: 'External id used for reporting' },
    targeting: { type: 'object', description: 'Targeting key-value pairs' },
  },
  required: ['adslotId', 'supplyId'],
};
