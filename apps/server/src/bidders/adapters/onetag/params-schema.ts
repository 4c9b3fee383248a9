// OneTag params (imp.ext.bidder), as a JSON Schema: the OneTag publisher id and optional custom key-values.
export const paramsSchema: Record<string, unknown> = {
  title: 'OneTag params',
  description: 'the OneTag publisher id and optional custom key-values.',
  type: 'object',
  properties: {
    pubId: {
      type: 'string',
      minLength: 1,
    },
    ext: {
      type: 'object',
    },
  },
  required: ['pubId'],
};
