// `npm run db:migrate`: applies the stored-data schema using the server's own config
// (settings.postgres.connection-string / schema; GAVEL_* environment and --config as usual).
import pg from 'pg';
import { loadConfig } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX } from '../../config/schema.js';
import { migrate } from './migrate.js';

const { config } = loadConfig(ServerConfigSchema, {
  envPrefix: SERVER_ENV_PREFIX,
  argv: process.argv.slice(2),
  env: process.env,
});
const { 'connection-string': connectionString, schema } = config.settings.postgres;
const client = new pg.Client({ connectionString });
try {
  await client.connect();
  const applied = await migrate(client, schema);
  console.log(
    applied.length ? `applied ${applied.join(', ')} to schema ${schema}` : `schema ${schema} is up to date`,
  );
} catch (err) {
  console.error(`db:migrate failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => undefined);
}
