// Kueez RTB params (imp.ext.bidder): the connection id (word characters), appended to the endpoint path.
export const paramsSchema: Record<string, unknown> = {
  title: 'Kueez RTB Adapter Params',
  type: 'object',
  properties: {
    cId: { type: 'string', minLength: 1, pattern: '^[a-zA-Z0-9_]+$', description: 'Connection id' },
  },
  required: ['cId'],
};
