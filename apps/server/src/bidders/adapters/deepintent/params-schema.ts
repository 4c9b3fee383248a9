// DeepIntent params (imp.ext.bidder): the ad tag id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Deepintent Adapter Params',
  type: 'object',
  properties: {
    tagId: { type: 'string', description: 'DeepIntent ad tag id' },
  },
  required: ['tagId'],
};
