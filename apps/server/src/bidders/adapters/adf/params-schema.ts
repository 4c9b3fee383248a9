// Adf params (imp.ext.bidder): a master tag id (`mid`), or an inventory source with a placement name.
export const paramsSchema: Record<string, unknown> = {
  title: 'Adf Adapter Params',
  type: 'object',
  properties: {
    mid: {
      type: ['integer', 'string'],
      pattern: '^\\d+$',
      description: 'Master tag id of the placement selling the impression',
    },
    inv: { type: 'integer', description: 'Adform inventory source id' },
    mname: { type: 'string', description: 'Name of the placement selling the impression' },
    priceType: { type: 'string', pattern: 'gross|net', description: 'gross or net (default net)' },
  },
  anyOf: [{ required: ['mid'] }, { required: ['inv', 'mname'] }],
};
