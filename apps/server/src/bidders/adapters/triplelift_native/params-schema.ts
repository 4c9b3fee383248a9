// TripleLift Native params (imp.ext.bidder): the inventory code and an optional USD floor.
export const paramsSchema: Record<string, unknown> = {
  title: 'TripleLift Native Adapter Params',
  type: 'object',
  properties: {
    inventoryCode: { type: 'string', minLength: 1, description: 'TripleLift inventory code of the ad unit' },
    floor: { type: 'number', description: 'Bid floor in USD' },
  },
  required: ['inventoryCode'],
};
