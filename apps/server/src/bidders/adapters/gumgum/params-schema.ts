// GumGum params (imp.ext.bidder): a zone or a publisher id, plus optional slot, IRIS.tv id and product.
export const paramsSchema: Record<string, unknown> = {
  title: 'GumGum Adapter Params',
  type: 'object',
  properties: {
    zone: { type: 'string', minLength: 8, description: 'GumGum zone tracking id' },
    pubId: { type: 'integer', description: 'GumGum publisher id' },
    irisid: { type: 'string', description: 'Hashed IRIS.TV content id' },
    slot: { type: 'integer', description: 'Slot id mapped to a zone or publisher' },
    product: { type: 'string', description: 'Product, e.g. desktop skins' },
  },
  anyOf: [{ required: ['zone'] }, { required: ['pubId'] }],
};
