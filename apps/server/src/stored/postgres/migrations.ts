// Schema of the PostgreSQL stored-data source, as ordered migrations (kept in TypeScript so the
// compiled build carries them). Each runs once per schema, recorded in gavel_migrations.

export interface Migration {
  id: string;
  /** SQL with `{schema}` standing for the quoted target schema. */
  sql: string;
}

/** Table per stored kind; AMP tag ids are stored requests (notes §16). */
export const PG_TABLES = {
  request: 'stored_requests',
  'amp-request': 'stored_requests',
  imp: 'stored_imps',
  response: 'stored_responses',
  account: 'accounts',
  category: 'categories',
} as const;

/** Channel of the change notifications: payload `<table>:<id>`. */
export const NOTIFY_CHANNEL = 'gavel_stored';

const TABLES = ['stored_requests', 'stored_imps', 'stored_responses', 'accounts', 'categories'];

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-stored-tables',
    // `data` is text, not jsonb: a document is served exactly as stored (byte-identical to the files
    // source, raw stored responses), and broken JSON is reported per request instead of at insert.
    sql: [
      ...TABLES.map(
        (t) => `CREATE TABLE IF NOT EXISTS {schema}.${t} (
  id text PRIMARY KEY,
  data text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS ${t}_updated_at ON {schema}.${t} (updated_at);`,
      ),
      `CREATE OR REPLACE FUNCTION {schema}.gavel_stored_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN NEW.updated_at := clock_timestamp(); END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', TG_TABLE_NAME || ':' || OLD.id);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('${NOTIFY_CHANNEL}', TG_TABLE_NAME || ':' || NEW.id);
  RETURN NEW;
END $$;`,
      ...TABLES.map(
        (t) => `DROP TRIGGER IF EXISTS ${t}_touch ON {schema}.${t};
CREATE TRIGGER ${t}_touch BEFORE INSERT OR UPDATE OR DELETE ON {schema}.${t}
  FOR EACH ROW EXECUTE FUNCTION {schema}.gavel_stored_touch();`,
      ),
    ].join('\n'),
  },
];
