// Yieldmo params (imp.ext.bidder), as a JSON Schema: the Yieldmo placement id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Yieldmo params',
  description: 'the Yieldmo placement id.',
  type: 'object',
  properties: {
    placementId: {
      type: 'string',
    },
  },
  required: ['placementId'],
};
