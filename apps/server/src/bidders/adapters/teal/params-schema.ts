// Teal params (imp.ext.bidder): the account (required, the same on every imp) and an optional placement.
export const paramsSchema: Record<string, unknown> = {
  title: 'Teal Adapter Params',
  type: 'object',
  properties: {
    account: { type: 'string', minLength: 1, description: 'Teal account id' },
    placement: { type: 'string', minLength: 1, description: 'Placement id or name' },
  },
  required: ['account'],
};
