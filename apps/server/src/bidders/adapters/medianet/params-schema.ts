// Media.net params (imp.ext.bidder): customer id and placement (creative) id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Media.net Adapter Params',
  type: 'object',
  properties: {
    cid: { type: 'string', minLength: 1, description: 'Customer id given by Media.net' },
    crid: { type: 'string', minLength: 1, description: 'Placement id given by Media.net' },
  },
  required: ['cid', 'crid'],
};
