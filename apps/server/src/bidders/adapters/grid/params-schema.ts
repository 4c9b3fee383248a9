// TheMediaGrid params (imp.ext.bidder): the placement uid and optional site/user keyword sets.
export const paramsSchema: Record<string, unknown> = {
  title: 'TheMediaGrid Adapter Params',
  type: 'object',
  properties: {
    uid: { type: 'integer', description: 'Grid placement id' },
    keywords: {
      type: 'object',
      description: 'Publisher keyword sets by section',
      properties: { site: { type: 'object' }, user: { type: 'object' } },
    },
  },
};
