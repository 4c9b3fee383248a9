// Sonobi params (imp.ext.bidder), as a JSON Schema: the Sonobi ad unit or placement (TagID).
export const paramsSchema: Record<string, unknown> = {
  title: 'Sonobi params',
  description: 'the Sonobi ad unit or placement (TagID).',
  type: 'object',
  properties: {
    TagID: {
      type: 'string',
    },
  },
  required: ['TagID'],
};
