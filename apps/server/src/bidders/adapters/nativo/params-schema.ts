// Nativo params (imp.ext.bidder): an optional placement id, number or string.
export const paramsSchema: Record<string, unknown> = {
  title: 'Nativo Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: ['integer', 'string'], description: 'Placement id' },
  },
};
