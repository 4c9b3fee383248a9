// The auction server's one config schema, composed of one section per feature
// (each feature owns its file under sections/). Source of types, defaults, validation and docs.
import type { Static } from '@sinclair/typebox';
import { section } from '@gavel/common';
import { coreSection } from './sections/core.js';
import { ampSection } from './sections/amp.js';
import { settingsSection } from './sections/settings.js';
import { cacheSection } from './sections/cache.js';
import { auctionSection } from './sections/auction.js';
import { currencySection } from './sections/currency.js';
import { biddersSection } from './sections/bidders.js';
import { usersyncSection } from './sections/usersync.js';
import { eventsSection } from './sections/events.js';
import { videoSection } from './sections/video.js';
import { privacySection } from './sections/privacy.js';
import { priceFloorsSection } from '../floors/config-section.js';
import { bidValidationSection } from '../bidvalidation/config-section.js';
import { categoryMappingSection } from '../categories/config-section.js';
import { activityControlsSection } from '../privacy/activities/config-section.js';
import { analyticsSection } from '../analytics/config-section.js';
import { hooksSection } from '../modules/hooks/config-section.js';
import { operationsSection } from './schema-operations.js';

export const SERVER_ENV_PREFIX = 'GAVEL_';

export const ServerConfigSchema = section(
  {
    ...coreSection,
    ...auctionSection,
    ...ampSection,
    ...settingsSection,
    ...cacheSection,
    ...currencySection,
    ...biddersSection,
    ...usersyncSection,
    ...eventsSection,
    ...videoSection,
    ...privacySection,
    ...priceFloorsSection,
    ...bidValidationSection,
    ...categoryMappingSection,
    ...activityControlsSection,
    ...analyticsSection,
    ...hooksSection,
    ...operationsSection,
  },
  'Auction server configuration',
);

export type ServerConfig = Static<typeof ServerConfigSchema>;
