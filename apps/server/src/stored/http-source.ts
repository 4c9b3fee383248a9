// HTTP source of the stored-data seam, for hosts that keep stored data elsewhere:
// GET <endpoint>?kind=<kind>&id=<a>&id=<b> → 200 {"<id>": <document>, ...}; an absent id is not found.
import { Agent, request } from 'undici';
import { notFound, unavailable, type StoredKind, type StoredResult, type StoredSource } from './types.js';

export interface HttpSourceOptions {
  endpoint: string;
  timeoutMs: number;
  /** Injected in tests; a keep-alive Agent otherwise. */
  dispatcher?: Agent;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function createHttpSource(o: HttpSourceOptions): StoredSource {
  const ownAgent = o.dispatcher ? undefined : new Agent({ keepAliveTimeout: 30_000, connections: 16 });
  const dispatcher = o.dispatcher ?? ownAgent;

  async function fetch(
    kind: StoredKind,
    ids: readonly string[],
    signal?: AbortSignal,
  ): Promise<StoredResult> {
    const unique = [...new Set(ids)];
    const url = new URL(o.endpoint);
    url.searchParams.set('kind', kind);
    for (const id of unique) url.searchParams.append('id', id);
    let body: unknown;
    try {
      const timeout = AbortSignal.timeout(o.timeoutMs);
      const res = await request(url, {
        method: 'GET',
        dispatcher,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headers: { accept: 'application/json' },
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      body = JSON.parse(text);
      if (!isObject(body)) throw new Error('the answer is not a JSON object');
    } catch (err) {
      const detail = `HTTP ${url.origin}${url.pathname}: ${(err as Error).message}`;
      return { found: new Map(), errors: unique.map((id) => unavailable(kind, id, detail, 'http')) };
    }
    const result: StoredResult = { found: new Map(), errors: [] };
    for (const id of unique) {
      const doc = body[id];
      if (doc === undefined || doc === null) result.errors.push(notFound(kind, id));
      // Responses are kept as text for the adapters: a document is re-serialised, a string kept.
      else if (kind === 'response') result.found.set(id, typeof doc === 'string' ? doc : JSON.stringify(doc));
      else result.found.set(id, doc);
    }
    return result;
  }

  return {
    fetch,
    close: async () => {
      await ownAgent?.close();
    },
  };
}
