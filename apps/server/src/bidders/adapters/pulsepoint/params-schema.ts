// PulsePoint params (imp.ext.bidder): publisher id `cp` and ad slot id `ct`, numbers or numeric strings.
export const paramsSchema: Record<string, unknown> = {
  title: 'PulsePoint Adapter Params',
  type: 'object',
  properties: {
    cp: { type: ['integer', 'string'], description: 'Publisher id' },
    ct: { type: ['integer', 'string'], description: 'Ad slot id' },
  },
  required: ['cp', 'ct'],
};
