// Vidazoo adapter: one call per imp to `<endpoint><cId>` (the id trimmed), bids typed by mtype.
import { createPathIdAdapter } from '../../helpers/path-id-adapter.js';

export const adapter = createPathIdAdapter({ param: 'cId', trim: true });
