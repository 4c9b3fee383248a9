// Currency conversion: server rates source and refresh. Owned by the money path.
import { section } from '@gavel/common';

export const currencySection = {
  currency: section({}, 'Currency conversion'),
};
