// VIS.X params (imp.ext.bidder): the placement id `uid` (digits, as a number or string) and an optional
// `[width, height]` size.
export const paramsSchema: Record<string, unknown> = {
  title: 'VIS.X Adapter Params',
  type: 'object',
  properties: {
    uid: { type: ['integer', 'string'], pattern: '^\\d+$', description: 'Placement id' },
    size: {
      type: 'array',
      items: { type: 'integer' },
      minItems: 2,
      maxItems: 2,
      description: 'Width and height',
    },
  },
  required: ['uid'],
};
