// Rubicon params (imp.ext.bidder): account, site and zone ids (numbers or digit strings), targeting
// (inventory, visitor), multi-format bidding and video settings.
const id = (description: string) => ({
  type: ['integer', 'string'],
  pattern: '^\\d+$',
  minimum: 1,
  description,
});
const targeting = (description: string) => ({
  type: 'object',
  additionalProperties: { type: 'array' },
  description,
});

export const paramsSchema: Record<string, unknown> = {
  title: 'Rubicon Adapter Params',
  type: 'object',
  properties: {
    accountId: id('Publisher account id'),
    siteId: id('Site id'),
    zoneId: id('Zone id within the site'),
    inventory: targeting('Page-level targeting key/values'),
    visitor: targeting('Visitor-level targeting key/values'),
    bidonmultiformat: { type: 'boolean', description: 'Bid on each format of a multi-format imp' },
    pchain: { type: 'string', description: 'Payment id chain' },
    video: {
      type: 'object',
      description: 'Rubicon video settings',
      properties: {
        language: { type: 'string', description: 'Ad language' },
        playerHeight: { type: ['integer', 'string'], description: 'Player height in pixels' },
        playerWidth: { type: ['integer', 'string'], description: 'Player width in pixels' },
        size_id: { type: 'integer', description: 'Rubicon video size id (preroll, postroll, …)' },
        skip: { type: 'integer', description: 'Skippable (1) or not (0)' },
        skipdelay: { type: 'integer', description: 'Seconds before skipping is allowed' },
      },
    },
  },
  required: ['accountId', 'siteId', 'zoneId'],
};
