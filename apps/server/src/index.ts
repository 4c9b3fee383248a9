// What other workspaces (the conformance tool, benchmarks) may use of the auction server.
export { createApp, type ServerApp, type ServerDeps } from './app.js';
export { ServerConfigSchema, SERVER_ENV_PREFIX, type ServerConfig } from './config/schema.js';
