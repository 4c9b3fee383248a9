// Real timers for the adapters: they never keep the process alive.
import type { AnalyticsTimers } from './types.js';

export const realTimers: AnalyticsTimers = {
  set(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
