// Outbrain params (imp.ext.bidder), as a JSON Schema: the publisher (id required), optional tag id and blocked categories/advertisers.
export const paramsSchema: Record<string, unknown> = {
  title: 'Outbrain params',
  description: 'the publisher (id required), optional tag id and blocked categories/advertisers.',
  type: 'object',
  properties: {
    publisher: {
      type: 'object',
      properties: {
        id: {
          type: 'string',
        },
        name: {
          type: 'string',
        },
        domain: {
          type: 'string',
        },
      },
      required: ['id'],
    },
    tagid: {
      type: 'string',
    },
    bcat: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    badv: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
  },
  required: ['publisher'],
};
