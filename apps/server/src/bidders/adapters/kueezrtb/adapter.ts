// Kueez RTB adapter: one call per imp to `<endpoint><cId>` (the id as given), bids typed by mtype.
import { createPathIdAdapter } from '../../helpers/path-id-adapter.js';

export const adapter = createPathIdAdapter({ param: 'cId' });
