// RTB House params (imp.ext.bidder): the publisher id, plus optional region, floor and channel.
export const paramsSchema: Record<string, unknown> = {
  title: 'RTB House Adapter Params',
  type: 'object',
  properties: {
    publisherId: { type: 'string', description: 'Publisher id given by RTB House' },
    region: { type: 'string', description: "The publisher's data centre region" },
    bidfloor: { type: 'number', description: 'Minimum CPM (optional)' },
    channel: { type: 'string', description: 'Inventory channel, at most 50 characters' },
  },
  required: ['publisherId'],
};
