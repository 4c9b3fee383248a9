// TripleLift params (imp.ext.bidder): inventory code (required) and an optional USD floor.
export const paramsSchema: Record<string, unknown> = {
  title: 'TripleLift Adapter Params',
  type: 'object',
  properties: {
    inventoryCode: { type: 'string', description: 'TripleLift inventory code of the ad unit' },
    floor: { type: 'number', description: 'Bid floor in USD' },
  },
  required: ['inventoryCode'],
};
