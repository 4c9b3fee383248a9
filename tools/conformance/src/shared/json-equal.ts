// Semantic JSON equality for fixture comparison (one implementation, shared with the server's
// adapter fixture runner through @gavel/common).
export { jsonDiff, jsonEqual } from '@gavel/common';
