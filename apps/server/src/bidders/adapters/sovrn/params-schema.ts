// Sovrn params (imp.ext.bidder): the ad tag id (`tagid`, or the deprecated `tagId`), optional floor.
export const paramsSchema: Record<string, unknown> = {
  title: 'Sovrn Adapter Params',
  type: 'object',
  properties: {
    tagid: { type: 'string', description: 'Sovrn ad tag id' },
    tagId: { type: 'string', description: 'Sovrn ad tag id (deprecated spelling of tagid)' },
    bidfloor: {
      description: 'Minimum CPM in USD, as a number or a numeric string',
      anyOf: [{ type: 'number' }, { type: 'string' }],
    },
    adunitcode: { type: 'string', description: 'Ad unit code' },
  },
  oneOf: [{ required: ['tagid'] }, { required: ['tagId'] }],
};
