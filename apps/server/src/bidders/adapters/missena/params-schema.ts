// Missena params (imp.ext.bidder): the API key, and optionally placement, sample, formats and settings.
export const paramsSchema: Record<string, unknown> = {
  title: 'Missena Adapter Params',
  type: 'object',
  properties: {
    apiKey: { type: 'string', minLength: 1, description: 'API key' },
    placement: { type: 'string', description: 'Placement type (sticky, header, ...)' },
    sample: { type: 'string', description: 'Sample' },
    formats: { type: 'array', items: { type: 'string' }, description: 'Formats to request' },
    settings: { type: 'object', description: 'Extra settings' },
  },
  required: ['apiKey'],
};
