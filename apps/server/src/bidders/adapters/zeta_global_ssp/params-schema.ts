// Zeta Global SSP params (imp.ext.bidder): the publisher's numeric id `sid`.
export const paramsSchema: Record<string, unknown> = {
  title: 'Zeta Global SSP Adapter Params',
  type: 'object',
  properties: {
    sid: { type: 'integer', description: 'Publisher id' },
  },
};
