// Taboola params (imp.ext.bidder): publisher id and tag id (`tagId`, or the deprecated `tagid`), plus
// optional domain, floor, blocked categories/advertisers, page type and position.
export const paramsSchema: Record<string, unknown> = {
  title: 'Taboola Adapter Params',
  type: 'object',
  properties: {
    publisherId: { type: 'string', description: 'Taboola publisher id' },
    publisherDomain: { type: 'string', description: 'Publisher domain; overrides site.domain' },
    tagid: { type: 'string', description: 'Placement name (deprecated spelling of tagId)' },
    tagId: { type: 'string', description: 'Placement name; wins over tagid' },
    bidfloor: { type: 'number', description: 'Minimum CPM' },
    bcat: { type: 'array', items: { type: 'string' }, description: 'Blocked categories' },
    badv: { type: 'array', items: { type: 'string' }, description: 'Blocked advertiser domains' },
    pageType: { type: 'string', description: 'Page type, sent as request.ext.pageType' },
    position: { type: 'integer', description: 'Banner position' },
  },
  oneOf: [{ required: ['tagid', 'publisherId'] }, { required: ['tagId', 'publisherId'] }],
};
