// OpenX params (imp.ext.bidder), as a JSON Schema: the ad unit, delivery domain or platform id, optional custom floor and key-values.
export const paramsSchema: Record<string, unknown> = {
  title: 'OpenX params',
  description: 'the ad unit, delivery domain or platform id, optional custom floor and key-values.',
  type: 'object',
  properties: {
    unit: {
      type: ['number', 'string'],
      minimum: 0,
      pattern: '^[0-9]+$',
    },
    delDomain: {
      type: 'string',
      pattern: '\\.[a-zA-Z]{2,3}$',
      format: 'hostname',
    },
    platform: {
      type: 'string',
      format: 'uuid',
    },
    customFloor: {
      type: ['number', 'string'],
      minimum: 0,
      pattern: '^[0-9]+(\\.[0-9]+)?$',
    },
    customParams: {
      type: 'object',
    },
  },
  required: ['unit'],
  anyOf: [
    {
      required: ['delDomain'],
    },
    {
      required: ['platform'],
    },
  ],
};
