// Vungle params (imp.ext.bidder): the publisher's app store id and the placement reference id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Vungle Adapter Params',
  type: 'object',
  properties: {
    app_store_id: { type: 'string', minLength: 1, description: 'Publisher app store id' },
    placement_reference_id: { type: 'string', minLength: 1, description: 'Placement reference id' },
  },
  required: ['app_store_id', 'placement_reference_id'],
};
