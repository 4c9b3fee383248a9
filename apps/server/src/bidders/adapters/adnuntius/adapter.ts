// Adnuntius adapter: its own request format (request.ts) and answer format (bids.ts).
import type { Adapter } from '../../types.js';
import { makeRequests } from './request.js';
import { makeBids } from './bids.js';

export const adapter: Adapter = { makeRequests, makeBids: (request, call) => makeBids(request, call) };
