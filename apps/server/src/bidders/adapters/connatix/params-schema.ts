// Connatix params (imp.ext.bidder): the placement id and an optional declared viewability (0–1).
export const paramsSchema: Record<string, unknown> = {
  title: 'Connatix Adapter Params',
  type: 'object',
  properties: {
    placementId: { type: 'string', minLength: 1, description: 'Connatix placement id' },
    viewabilityPercentage: {
      type: 'number',
      description: 'Declared viewability, from 0 to 1 (1 = 100%)',
    },
  },
  required: ['placementId'],
};
