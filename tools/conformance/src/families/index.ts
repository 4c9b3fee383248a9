// The families the conformance command knows, in print order.
import type { Family } from '../types.js';

export const families: Family[] = [];
