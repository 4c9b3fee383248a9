// Cadent Aperture MX params (imp.ext.bidder): the numeric tag id (as a string) and an optional floor.
export const paramsSchema: Record<string, unknown> = {
  title: 'Cadent Aperture MX Adapter Params',
  type: 'object',
  properties: {
    tagid: { type: 'string', description: 'Inventory target id (digits)' },
    bidfloor: { type: 'string', description: 'Minimum acceptable price (USD), as a decimal string' },
  },
  required: ['tagid'],
};
