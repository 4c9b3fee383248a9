// Epsilon (Conversant) params (imp.ext.bidder): the site id, plus optional per-imp overrides.
export const paramsSchema: Record<string, unknown> = {
  title: 'Epsilon (formerly Conversant) Adapter Params',
  type: 'object',
  properties: {
    site_id: { type: 'string', description: 'Epsilon site id' },
    secure: { type: 'integer', description: 'Overrides the http/https context of the ad markup' },
    bidfloor: { type: 'number', description: 'Minimum bid price (USD) when the imp states none' },
    tag_id: { type: 'string', description: 'Ad placement id' },
    position: { type: 'integer', description: 'Ad position on screen' },
    mimes: { type: 'array', items: { type: 'string' }, description: 'Video MIME types' },
    maxduration: { type: 'integer', description: 'Video maximum duration, seconds' },
    api: { type: 'array', items: { type: 'integer' }, description: 'Video API frameworks' },
    protocols: { type: 'array', items: { type: 'integer' }, description: 'Video protocols' },
  },
  required: ['site_id'],
};
