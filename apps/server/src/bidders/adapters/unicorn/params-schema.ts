// UNICORN params (imp.ext.bidder): the account id, and optionally placement, publisher and media ids.
export const paramsSchema: Record<string, unknown> = {
  title: 'UNICORN Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: 'string', description: 'Placement id (default: the stored request id of the imp)' },
    publisherId: { type: 'string', description: 'Account specific publisher id' },
    mediaId: { type: 'string', description: 'Publisher specific media id' },
    accountId: { type: 'integer', description: 'Account id for charge requests' },
  },
  required: ['accountId'],
};
