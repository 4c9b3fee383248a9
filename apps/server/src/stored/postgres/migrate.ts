// Applies the stored-data migrations to one schema (creating it), each once, in one transaction
// per migration; concurrent migrators serialise on an advisory lock.
import type pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations.js';

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Returns the ids of the migrations applied by this call. */
export async function migrate(
  client: pg.ClientBase,
  schema: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const s = quoteIdent(schema);
  const applied: string[] = [];
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  await client.query('SELECT pg_advisory_lock(hashtext($1))', [`gavel-migrate:${schema}`]);
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.gavel_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = await client.query<{ id: string }>(`SELECT id FROM ${s}.gavel_migrations`);
    const have = new Set(done.rows.map((r) => r.id));
    for (const m of migrations) {
      if (have.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql.replaceAll('{schema}', s));
        await client.query(`INSERT INTO ${s}.gavel_migrations (id) VALUES ($1)`, [m.id]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
      applied.push(m.id);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`gavel-migrate:${schema}`]);
  }
  return applied;
}
