// Audience Network params (imp.ext.bidder): the placement id (or `<publisher>_<placement>`) and the
// publisher id when the placement id does not carry it.
export const paramsSchema: Record<string, unknown> = {
  title: 'Audience Network Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: 'string', description: 'Placement id, or `<publisher id>_<placement id>`' },
    publisherId: { type: 'string', description: 'Publisher id (when the placement id does not carry it)' },
  },
  required: ['placementId'],
};
