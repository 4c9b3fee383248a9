// MobileFuse params (imp.ext.bidder): the numeric placement id.
export const paramsSchema: Record<string, unknown> = {
  title: 'MobileFuse Adapter Params',
  type: 'object',
  properties: {
    placement_id: { type: 'integer', description: 'Id of the inventory placement' },
  },
  required: ['placement_id'],
};
