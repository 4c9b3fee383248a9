// The least row M's analytics can cost (`bench:paired` variant `floor`): the plain server's auction,
// then, per auction, only what any adapter writing that auction's event must do — serialise the event
// without its response (the reply's bytes are already there), copy it into a JSON-lines batch and a
// JSON-array batch (the adapters' own batch code and default bounds), append the first to a file
// and POST the second to the sink over a keep-alive undici pool. No waiting for a flush, timer,
// per-adapter view, scrubbing, activity check, retry or hook: what is left once everything Gavel adds
// around those bytes is taken away.
// The event is a real one: a line the `all` variant wrote during the warm-up.
import { Buffer } from 'node:buffer';
import { openSync, readFileSync, write } from 'node:fs';
import { Agent, request } from 'undici';

// The adapters' defaults: batches of 100 events or 1 MiB, JSON lines for the file, an array for the collector.
const BATCH_EVENTS = 100;
const LINES = { after: '\n' };
const ARRAY = { open: '[', separator: ',' };

/**
 * Events into the adapters' own batches (`BatchQueue` of analytics/batch.ts: each event's JSON copied
 * into a reused buffer); every complete batch goes to `send(bytes, release)` at once, an array batch
 * closed with `]` first, as the HTTP adapter closes it before it posts.
 */
function batcher(BatchQueue, frame, send) {
  const queue = new BatchQueue(2 * BATCH_EVENTS, BATCH_EVENTS, { frame });
  return (json) => {
    queue.push(json);
    if (!queue.ready()) return;
    const batch = queue.take();
    if (frame.open !== undefined) batch.text(']');
    send(batch.contents(), () => batch.release());
  };
}

/**
 * `record()` once per auction; `close()` waits for the writes and posts in flight. `parts` takes the
 * floor apart: `json` (serialise only), `copy` (and copy into both batches, which are then dropped),
 * `file` or `http` (and write only that batch), `all` (default). `BatchQueue` is the server's
 * (analytics/batch.ts, from the build or the source).
 */
export function createAnalyticsFloor({ BatchQueue, eventFile, outFile, sinkPort, parts = 'all' }) {
  const lines = readFileSync(eventFile, 'utf8').trimEnd().split('\n');
  const event = JSON.parse(lines[lines.length - 1]);
  const response = Buffer.from(JSON.stringify(event.response), 'utf8');
  delete event.response;
  const fd = openSync(outFile, 'a');
  const agent = new Agent({ connections: 4, keepAliveTimeout: 30_000 });
  const inFlight = new Set();
  const track = (p) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const io = (part, send) => (parts === 'all' || parts === part ? send : (_bytes, release) => release());
  const toFile = batcher(
    BatchQueue,
    LINES,
    io('file', (bytes, release) =>
      track(new Promise((resolve) => write(fd, bytes, () => resolve(release())))),
    ),
  );
  const toSink = batcher(
    BatchQueue,
    ARRAY,
    io('http', (bytes, release) =>
      track(
        request(`http://127.0.0.1:${sinkPort}/collect`, {
          method: 'POST',
          body: bytes,
          headers: { 'content-type': 'application/json' },
          dispatcher: agent,
        })
          .then((r) => r.body.dump())
          .finally(release),
      ),
    ),
  );
  const headOf = (json) => `${json.slice(0, -1)},"response":`;
  return {
    /** The event's JSON in bytes, as written. */
    eventBytes: Buffer.byteLength(headOf(JSON.stringify(event))) + response.length + 1,
    record() {
      // A fresh head per auction, as each auction's event is serialised once.
      const json = { head: headOf(JSON.stringify(event)), sent: response };
      if (parts === 'json') return;
      toFile(json);
      toSink(json);
    },
    async close() {
      await Promise.all(inFlight);
      await agent.destroy();
    },
  };
}
