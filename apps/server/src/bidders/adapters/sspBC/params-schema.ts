// sspBC params (imp.ext.bidder): optional site id, ad slot id and test switch.
export const paramsSchema: Record<string, unknown> = {
  title: 'sspBC Bid Adapter Params',
  type: 'object',
  properties: {
    siteid: { type: ['string'], description: 'Site selling the impression' },
    id: { type: ['string'], description: 'Ad slot the auction runs on' },
    test: { type: ['integer'], description: 'Enables test responses' },
  },
  required: [],
};
