// The generic OpenRTB 2.5 adapter (architecture "Seams"): the whole bidder request as one JSON POST to
// the endpoint; the answer's seatbids become bids typed by `mtype`, else by the imp they bid on.
// Plain bidders and host-declared bidders are this adapter plus data (bidder info).
import type { Adapter } from './types.js';
import { createOrtbAdapter } from './helpers/ortb-adapter.js';

export const genericOrtbAdapter: Adapter = createOrtbAdapter();
