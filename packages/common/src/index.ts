// Public surface of @gavel/common: shared by both services, no auction logic.
export * from './errors.js';
export * from './clock.js';
export * from './version.js';
export * from './json-diff.js';
export * from './logger.js';
export * from './metrics.js';
export * from './config/load-config.js';
export * from './config/schema-helpers.js';
export * from './config/service-sections.js';
export * from './config/schema-walk.js';
export * from './config/docs.js';
export * from './http/readiness.js';
export * from './http/error-handler.js';
export * from './http/create-app.js';
export * from './http/create-service-apps.js';
export * from './http/lifecycle.js';
export * from './service-main.js';
