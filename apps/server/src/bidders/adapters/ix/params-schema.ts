// Index Exchange params (imp.ext.bidder): the site id (one of three spellings), optional size and slot.
const siteId = { type: 'string', minLength: 1, description: 'Index site id of the impression' };

export const paramsSchema: Record<string, unknown> = {
  title: 'Index Exchange Adapter Params',
  type: 'object',
  properties: {
    siteid: siteId,
    siteId,
    siteID: siteId,
    size: {
      type: 'array',
      items: { type: 'integer' },
      minItems: 2,
      maxItems: 2,
      description: 'Width and height',
    },
    sid: { type: 'string', minLength: 1, description: 'Slot id' },
  },
  oneOf: [{ required: ['siteid'] }, { required: ['siteId'] }, { required: ['siteID'] }],
};
