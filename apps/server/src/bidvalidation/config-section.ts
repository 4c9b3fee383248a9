// Host settings of bid response validation (G config.Validations, `validations.*`; J
// `auction.validations.*`). Accounts may override only the banner size mode, with their
// `validations.banner_creative_max_size` (G Validations.SetBannerCreativeMaxSize).
import { Type, type Static } from '@sinclair/typebox';
import { section } from '@gavel/common';

const mode = (description: string) =>
  Type.Union([Type.Literal('skip'), Type.Literal('warn'), Type.Literal('enforce')], {
    default: 'skip',
    description,
  });

const size = (description: string) => Type.Integer({ minimum: 0, default: 0, description });

export const bidValidationSection = {
  validations: section(
    {
      'banner-creative-max-size': mode(
        'Banner bids wider than max-creative-width or taller than max-creative-height: skip, warn (error entry, bid kept) or enforce (bid rejected, seat-non-bid 351)',
      ),
      'secure-markup': mode(
        'Banner/video bids whose adm has http: (or http%3A) and no https: (or https%3A): skip, warn or enforce (bid rejected, seat-non-bid 352)',
      ),
      'max-creative-width': size(
        'Largest banner width accepted by banner-creative-max-size (0 = every sized bid is too wide, as upstream)',
      ),
      'max-creative-height': size('Largest banner height accepted by banner-creative-max-size'),
    },
    'Bid response validation (creative size, secure markup)',
  ),
};

export type BidValidationConfig = Static<(typeof bidValidationSection)['validations']>;
