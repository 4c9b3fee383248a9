// AppNexus params (imp.ext.bidder), as a JSON Schema: a placement id, or a member id with an inventory code, plus optional targeting.
export const paramsSchema: Record<string, unknown> = {
  title: 'AppNexus params',
  description: 'a placement id, or a member id with an inventory code, plus optional targeting.',
  type: 'object',
  properties: {
    placement_id: {
      type: ['integer', 'string'],
    },
    placementId: {
      type: ['integer', 'string'],
    },
    inv_code: {
      type: 'string',
    },
    invCode: {
      type: 'string',
    },
    member: {
      type: ['integer', 'string'],
    },
    keywords: {
      anyOf: [
        {
          type: 'string',
          minLength: 1,
        },
        {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              key: {
                type: 'string',
              },
              value: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'string',
                },
              },
            },
            required: ['key'],
          },
        },
        {
          type: 'object',
          additionalProperties: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
        },
      ],
    },
    traffic_source_code: {
      type: 'string',
    },
    trafficSourceCode: {
      type: 'string',
    },
    reserve: {
      type: 'number',
    },
    position: {
      type: 'string',
      enum: ['above', 'below'],
    },
    use_pmt_rule: {
      type: 'boolean',
    },
    use_payment_rule: {
      type: 'boolean',
    },
    generate_ad_pod_id: {
      type: 'boolean',
    },
    private_sizes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          w: {
            type: 'integer',
          },
          h: {
            type: 'integer',
          },
        },
        required: ['w', 'h'],
      },
    },
    ext_inv_code: {
      type: 'string',
    },
    external_imp_id: {
      type: 'string',
    },
  },
  oneOf: [
    {
      oneOf: [
        {
          required: ['placementId'],
        },
        {
          required: ['placement_id'],
        },
      ],
    },
    {
      oneOf: [
        {
          required: ['invCode', 'member'],
        },
        {
          required: ['inv_code', 'member'],
        },
      ],
    },
  ],
  not: {
    required: ['placementId', 'invCode', 'member'],
  },
};
