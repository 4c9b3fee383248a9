// Host settings of category mapping (G config.go `category_mapping.filesystem.*`): where the mapping
// files live and how many are cached. There are no account keys (upstream has none).
import { Type, type Static } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const categoryMappingSection = {
  'category-mapping': section(
    {
      enabled: Type.Boolean({
        default: true,
        description:
          'Read ad-server category mapping files (includebrandcategory); off = every bid that needs a mapping is rejected',
      }),
      dir: Type.String({
        default: '',
        description:
          'Root of the mapping files, <dir>/<adserver>/<adserver>[_<publisher>].json ("" = <settings.files.dir>/categories)',
      }),
      'cache-size': Type.Integer({
        minimum: 1,
        default: 100,
        description: 'Most mapping files held in memory (least recently used dropped first)',
      }),
      'missing-ttl-seconds': Type.Integer({
        minimum: 0,
        default: 60,
        description:
          'How long a missing or unreadable mapping file is remembered before it is looked for again',
      }),
    },
    'Brand category mapping files (ext.<ns>.targeting.includebrandcategory)',
  ),
};

export type CategoryMappingConfig = Static<(typeof categoryMappingSection)['category-mapping']>;
