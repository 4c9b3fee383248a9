// e-planning params (imp.ext.bidder): the client id and an optional ad unit code.
export const paramsSchema: Record<string, unknown> = {
  title: 'EPlanning Adapter Params',
  type: 'object',
  properties: {
    ci: { type: 'string', description: 'Client id' },
    adunit_code: { type: 'string', description: 'Ad unit code' },
  },
  required: ['ci'],
};
