// InMobi params (imp.ext.bidder): the placement id `plc`.
export const paramsSchema: Record<string, unknown> = {
  title: 'InMobi Adapter Params',
  type: 'object',
  properties: {
    plc: { type: 'string', description: 'Id of the placement selling the impression' },
  },
  required: ['plc'],
};
