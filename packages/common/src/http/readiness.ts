// Readiness: warm-up tasks (currency rates, stored data, ...) register here; GET /status answers
// 503 until every registered task has reported ready.

export interface ReadinessTask {
  ready(): void;
  /** Back to not-ready, e.g. when a required source is lost (reason shown on /status). */
  unready(reason: string): void;
}

export interface Readiness {
  register(name: string): ReadinessTask;
  isReady(): boolean;
  /** Names of the tasks still warming up, with their reason. */
  pending(): string[];
}

export function createReadiness(): Readiness {
  const waiting = new Map<string, string>();
  return {
    register(name) {
      waiting.set(name, 'warming up');
      return {
        ready: () => void waiting.delete(name),
        unready: (reason) => void waiting.set(name, reason),
      };
    },
    isReady: () => waiting.size === 0,
    pending: () => [...waiting].map(([name, reason]) => `${name}: ${reason}`),
  };
}
