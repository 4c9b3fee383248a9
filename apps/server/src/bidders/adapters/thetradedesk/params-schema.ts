// The Trade Desk params (imp.ext.bidder): the publisher id and an optional supply source id.
export const paramsSchema: Record<string, unknown> = {
  title: 'The Trade Desk Adapter Params',
  type: 'object',
  properties: {
    publisherId: { type: 'string', minLength: 1, description: 'Publisher id' },
    supplySourceId: { type: 'string', minLength: 1, description: 'Supply source id; selects the endpoint' },
  },
  required: ['publisherId'],
};
