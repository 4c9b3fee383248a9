// Sharethrough params (imp.ext.bidder), as a JSON Schema: the placement key, optional blocked categories and advertiser domains.
export const paramsSchema: Record<string, unknown> = {
  title: 'Sharethrough params',
  description: 'the placement key, optional blocked categories and advertiser domains.',
  type: 'object',
  properties: {
    pkey: {
      type: 'string',
    },
    badv: {
      type: 'array',
      minItems: 0,
      items: {
        type: 'string',
      },
    },
    bcat: {
      type: 'array',
      minItems: 0,
      items: {
        type: 'string',
      },
    },
  },
  required: ['pkey'],
};
