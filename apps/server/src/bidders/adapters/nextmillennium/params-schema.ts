// NextMillennium params (imp.ext.bidder): a placement id or a placement group id, optional ad slots and
// allowed ads.
export const paramsSchema: Record<string, unknown> = {
  title: 'NextMillennium Adapter Params',
  type: 'object',
  properties: {
    placement_id: { type: 'string', minLength: 1, description: 'Placement id' },
    group_id: { type: 'string', minLength: 1, description: 'Placement group id' },
    adSlots: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'Ad slot ids' },
    allowedAds: { type: 'array', items: { type: 'string' }, description: 'Allowed ads' },
  },
  anyOf: [{ required: ['placement_id'] }, { required: ['group_id'] }],
};
