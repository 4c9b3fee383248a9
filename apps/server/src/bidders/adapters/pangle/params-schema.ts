// Pangle params (imp.ext.bidder): the access token, and optionally the app and placement ids (together).
export const paramsSchema: Record<string, unknown> = {
  title: 'Pangle Adapter Params',
  type: 'object',
  properties: {
    token: { type: 'string', pattern: '.+', description: 'Access token' },
    appid: { type: 'string', pattern: '[0-9]+', description: 'App id' },
    placementid: { type: 'string', pattern: '[0-9]+', description: 'Placement id' },
  },
  required: ['token'],
  dependencies: { placementid: ['appid'], appid: ['placementid'] },
};
