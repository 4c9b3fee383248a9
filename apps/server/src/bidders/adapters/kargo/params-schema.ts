// Kargo params (imp.ext.bidder), as a JSON Schema: the Kargo placement id (placementId, or the deprecated adSlotID).
export const paramsSchema: Record<string, unknown> = {
  title: 'Kargo params',
  description: 'the Kargo placement id (placementId, or the deprecated adSlotID).',
  type: 'object',
  properties: {
    placementId: {
      type: 'string',
    },
    adSlotID: {
      type: 'string',
    },
  },
  oneOf: [
    {
      required: ['placementId'],
    },
    {
      required: ['adSlotID'],
    },
  ],
};
