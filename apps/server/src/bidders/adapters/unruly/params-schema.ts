// Unruly params (imp.ext.bidder), as a JSON Schema: the Unruly site id (siteId, or siteid).
export const paramsSchema: Record<string, unknown> = {
  title: 'Unruly params',
  description: 'the Unruly site id (siteId, or siteid).',
  type: 'object',
  properties: {
    siteid: {
      type: 'integer',
    },
    siteId: {
      type: 'integer',
    },
  },
  oneOf: [
    {
      required: ['siteId'],
    },
    {
      required: ['siteid'],
    },
  ],
};
