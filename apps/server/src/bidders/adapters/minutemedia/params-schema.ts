// MinuteMedia params (imp.ext.bidder): the organization id.
export const paramsSchema: Record<string, unknown> = {
  title: 'MinuteMedia Adapter Params',
  type: 'object',
  properties: {
    org: { type: 'string', minLength: 1, description: 'Organization id' },
  },
  required: ['org'],
};
