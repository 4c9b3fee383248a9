// A tiny service built with runService, with a deliberately slow route: used by the graceful
// shutdown test (SIGTERM while a request is in flight).
import { Type } from '@sinclair/typebox';
import {
  createPublicApp,
  createReadiness,
  createServiceMetrics,
  port,
  runService,
  section,
} from '../src/index.js';

const schema = section(
  {
    port: port(0, 'port'),
    'drain-timeout-ms': Type.Integer({ default: 5000 }),
  },
  'slow service',
);

await runService({
  name: 'slow',
  schema,
  envPrefix: 'SLOW_',
  logLevel: () => 'silent',
  drainTimeoutMs: (c) => c['drain-timeout-ms'],
  start: async (config, logger) => {
    const app = await createPublicApp({
      logger,
      readiness: createReadiness(),
      metrics: createServiceMetrics({ prefix: 'slow_', collectProcess: false }),
      version: { revision: 'x', version: 'x' },
      status: { response: 'ok' },
      logRequests: false,
      bodyLimitBytes: 1000,
    });
    app.get('/slow', async () => {
      process.stdout.write('SLOW STARTED\n'); // the test signals only once the request is in flight
      await new Promise((r) => setTimeout(r, 600));
      return { done: true };
    });
    app.addHook('onReady', () => {
      setImmediate(() => process.stdout.write(`PORT ${(app.server.address() as { port: number }).port}\n`));
    });
    let closed = false;
    return {
      listeners: [{ name: 'public', app, host: '127.0.0.1', port: config.port }],
      closeResources: async () => {
        closed = true;
        process.stdout.write(`RESOURCES-CLOSED ${String(closed)}\n`);
      },
    };
  },
});
