// Consumable params (imp.ext.bidder): site, network and unit ids for site traffic, or a placement id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Consumable Adapter Params',
  type: 'object',
  properties: {
    siteId: { type: 'number', description: 'Consumable site id' },
    networkId: { type: 'number', description: 'Consumable network id' },
    unitId: { type: 'number', description: 'Consumable unit id' },
    unitName: {
      type: 'string',
      pattern: '^-?[_a-zA-Z]+[_a-zA-Z0-9-]*$',
      description: 'Consumable unit name (a CSS class name)',
    },
    placementId: {
      type: 'string',
      pattern: '^[a-zA-Z0-9]+$',
      description: 'Consumable placement id, required outside site traffic',
    },
  },
  oneOf: [{ required: ['siteId', 'networkId', 'unitId'] }, { required: ['placementId'] }],
};
