// ShowHeroes params (imp.ext.bidder): the unit id.
export const paramsSchema: Record<string, unknown> = {
  title: 'Showheroes Adapter Params',
  type: 'object',
  properties: {
    unitId: { type: 'string', minLength: 8, description: 'Unit id' },
  },
  required: ['unitId'],
};
