// OpenWeb params (imp.ext.bidder): the placement, plus the organisation (`org`, or the older `aid`).
export const paramsSchema: Record<string, unknown> = {
  title: 'OpenWeb Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: 'string', minLength: 1, description: 'Placement of the impression' },
    aid: { type: 'integer', description: 'Channel id (deprecated, use org)' },
    org: { type: 'string', minLength: 1, description: 'Organisation id' },
  },
  required: ['placementId'],
  oneOf: [{ required: ['aid'] }, { required: ['org'] }],
};
