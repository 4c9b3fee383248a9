// The families the conformance command knows, in print order.
import type { Family } from '../types.js';
import { adaptersFamily } from './adapters.js';
import { cacheFamily } from './cache.js';
import { endpointsFamily } from './endpoints.js';
import { exchangeFamily } from './exchange.js';

export const families: Family[] = [endpointsFamily, cacheFamily, adaptersFamily, exchangeFamily];
