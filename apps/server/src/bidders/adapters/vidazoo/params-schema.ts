// Vidazoo params (imp.ext.bidder): the connection id, appended to the endpoint path.
export const paramsSchema: Record<string, unknown> = {
  title: 'Vidazoo Adapter Params',
  type: 'object',
  properties: {
    cId: { type: 'string', minLength: 1, description: 'Connection id' },
  },
  required: ['cId'],
};
