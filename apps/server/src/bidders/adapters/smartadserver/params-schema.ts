// Equativ (Smart AdServer) params (imp.ext.bidder): the network id, and site/page/format ids together.
export const paramsSchema: Record<string, unknown> = {
  title: 'Smartadserver Adapter Params',
  type: 'object',
  properties: {
    siteId: { type: 'integer', minimum: 1, description: 'Site id' },
    pageId: { type: 'integer', minimum: 1, description: 'Page id' },
    formatId: { type: 'integer', minimum: 1, description: 'Format id' },
    networkId: { type: 'integer', minimum: 1, description: 'Network id' },
    programmaticGuaranteed: { type: 'boolean', description: 'Programmatic-guaranteed placement' },
  },
  dependencies: {
    siteId: { required: ['pageId', 'formatId'] },
    pageId: { required: ['siteId', 'formatId'] },
    formatId: { required: ['siteId', 'pageId'] },
  },
  required: ['networkId'],
};
