// Teads params (imp.ext.bidder): the placement id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Teads Adapter Params',
  type: 'object',
  properties: { placementId: { type: 'integer', minimum: 1, description: 'Teads placement id' } },
  required: ['placementId'],
};
