// AdYouLike params (imp.ext.bidder): the placement, plus optional forced campaign/track/creative ids.
export const paramsSchema: Record<string, unknown> = {
  title: 'AdYouLike Adapter Params',
  type: 'object',
  properties: {
    placement: { type: 'string', description: 'Placement id' },
    campaign: { type: 'string', description: 'Forced campaign id' },
    track: { type: 'string', description: 'Forced track id' },
    creative: { type: 'string', description: 'Forced creative id' },
    source: { type: 'string', description: 'Context of the campaign' },
    debug: { type: 'string', description: 'Arbitrary debugging id' },
  },
  required: ['placement'],
};
