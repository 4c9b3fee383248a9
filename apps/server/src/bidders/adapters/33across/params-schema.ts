// 33Across params (imp.ext.bidder): product plus a site id or a zone id.
export const paramsSchema: Record<string, unknown> = {
  title: '33Across Adapter Params',
  type: 'object',
  properties: {
    productId: { type: 'string', description: 'Product type (inview, siab, instream)' },
    siteId: { type: 'string', description: 'Site id' },
    zoneId: { type: 'string', description: 'Zone id (wins over siteId)' },
  },
  anyOf: [{ required: ['productId', 'siteId'] }, { required: ['productId', 'zoneId'] }],
};
