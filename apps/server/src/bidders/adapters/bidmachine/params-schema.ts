// BidMachine params (imp.ext.bidder): the host (sub-domain) and the path and seller id of the call.
export const paramsSchema: Record<string, unknown> = {
  title: 'Bidmachine Adapter Params',
  type: 'object',
  properties: {
    host: { type: 'string', minLength: 1, pattern: '^[a-zA-Z0-9.-]+(:[0-9]+)?$', description: 'Host' },
    path: { type: 'string', minLength: 1, description: 'URL path' },
    seller_id: { type: 'string', minLength: 1, description: 'Seller id' },
  },
  required: ['host', 'path', 'seller_id'],
};
