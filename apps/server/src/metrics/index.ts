// The auction server's metrics and operational log lines (docs/metrics.md).
export {
  createServerTelemetry,
  requestIdOf,
  type ServerTelemetry,
  type ServerTelemetryOptions,
} from './telemetry.js';
export { logBackends, describeBackends, type BackendParts } from './startup-log.js';
