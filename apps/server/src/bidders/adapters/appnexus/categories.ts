// AppNexus brand category ids → IAB content categories (data). Only the ids whose mapping we know
// from AppNexus' published responses; an unknown id leaves the bid without a category.
export const CATEGORY_BY_BRAND: Readonly<Record<number, string>> = {
  1: 'IAB20-3',
  9: 'IAB5-1',
  350: 'IAB3-1',
};
