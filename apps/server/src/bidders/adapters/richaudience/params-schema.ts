// Rich Audience params (imp.ext.bidder), as a JSON Schema: the placement id, supply type, test mode and an optional floor.
export const paramsSchema: Record<string, unknown> = {
  title: 'Rich Audience params',
  description: 'the placement id, supply type, test mode and an optional floor.',
  type: 'object',
  properties: {
    pid: {
      type: 'string',
    },
    supplyType: {
      type: 'string',
    },
    test: {
      type: 'boolean',
    },
    bidFloor: {
      type: 'number',
    },
    bidFloorCur: {
      type: 'string',
    },
  },
  required: ['pid', 'supplyType'],
};
