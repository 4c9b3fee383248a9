// A temporary log level (issue 23; upstream Java LoggerControlKnob): the root logger's level is
// changed for `durationMs`, then restored to the configured one; a new change replaces the old.
import type { Logger } from '@gavel/common';

export const CHANGEABLE_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type ChangeableLevel = (typeof CHANGEABLE_LEVELS)[number];

export interface LogLevelControl {
  change(level: ChangeableLevel, durationMs: number): void;
  close(): void;
}

export function createLogLevelControl(logger: Logger): LogLevelControl {
  const original = logger.level;
  let timer: NodeJS.Timeout | undefined;
  return {
    change(level, durationMs) {
      clearTimeout(timer);
      // Written at the level in force before the change (a change to `error` still shows in the log).
      logger.info({ level, durationMs }, 'log level changed');
      logger.level = level;
      timer = setTimeout(() => {
        timer = undefined;
        logger.level = original;
        logger.warn({ level: original }, 'log level restored');
      }, durationMs);
      timer.unref();
    },
    close() {
      clearTimeout(timer);
    },
  };
}
