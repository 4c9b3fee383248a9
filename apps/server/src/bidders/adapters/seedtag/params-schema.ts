// Seedtag params (imp.ext.bidder): an ad unit id, or a publisher id with the `ronId` integration type.
export const paramsSchema: Record<string, unknown> = {
  title: 'Seedtag Adapter Params',
  type: 'object',
  properties: {
    adUnitId: { type: 'string', minLength: 1, description: 'Ad unit id of the placement' },
    publisherId: { type: 'string', minLength: 1, description: 'Publisher group id (run-of-network)' },
    integrationType: {
      type: 'string',
      enum: ['ronId'],
      description: "Integration type; 'ronId' for run-of-network integrations by publisher",
    },
  },
  oneOf: [{ required: ['adUnitId'] }, { required: ['publisherId', 'integrationType'] }],
};
