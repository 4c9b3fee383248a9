// AMX params (imp.ext.bidder): optional tag id (overrides the publisher id) and ad unit id (imp.tagid).
export const paramsSchema: Record<string, unknown> = {
  title: 'AMX Adapter Params',
  type: 'object',
  properties: {
    tagId: { type: 'string', description: 'AMX tag id; overrides site.publisher.id or app.publisher.id' },
    adUnitId: { type: 'string', description: 'Overrides imp.tagid for AMX ad unit reporting' },
  },
};
