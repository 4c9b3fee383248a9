// Mgid params (imp.ext.bidder): the account id, an optional placement, floor and floor currency
// (each floor field has two accepted spellings).
export const paramsSchema: Record<string, unknown> = {
  title: 'Mgid Adapter Params',
  type: 'object',
  properties: {
    accountId: { type: 'string', description: 'Mgid account id' },
    placementId: { type: 'string', description: 'Mgid placement id (optional)' },
    cur: { type: 'string', description: 'Floor currency (optional)' },
    currency: { type: 'string', description: 'Floor currency (optional)' },
    bidfloor: { type: 'number', description: 'Minimum CPM, USD unless a currency is given (optional)' },
    bidFloor: { type: 'number', description: 'Minimum CPM, USD unless a currency is given (optional)' },
  },
  required: ['accountId'],
};
