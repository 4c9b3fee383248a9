// Rise params (imp.ext.bidder): the organization id (`org`, or the deprecated `publisher_id`).
export const paramsSchema: Record<string, unknown> = {
  title: 'Rise Adapter Params',
  type: 'object',
  properties: {
    org: { type: 'string', description: 'Organization id' },
    publisher_id: { type: 'string', description: 'Organization id (deprecated name of org)' },
    placementId: { type: 'string', description: 'Placement id' },
  },
  oneOf: [{ required: ['org'] }, { required: ['publisher_id'] }],
};
