// Criteo params (imp.ext.bidder), as a JSON Schema: a Criteo zone id or network id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Criteo params',
  description: 'a Criteo zone id or network id.',
  type: 'object',
  properties: {
    zoneid: {
      type: 'integer',
      minimum: 0,
    },
    zoneId: {
      type: 'integer',
      minimum: 0,
    },
    networkid: {
      type: 'integer',
      minimum: 0,
    },
    networkId: {
      type: 'integer',
      minimum: 0,
    },
    pubid: {
      type: 'string',
      minLength: 1,
    },
    uid: {
      type: 'integer',
      minimum: 0,
    },
  },
  anyOf: [
    {
      required: ['zoneid'],
    },
    {
      required: ['zoneId'],
    },
    {
      required: ['networkid'],
    },
    {
      required: ['networkId'],
    },
  ],
};
