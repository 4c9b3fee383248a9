// The least row M's analytics can cost (`bench:paired` variant `floor`): the plain server's auction,
// then, per auction, only what any adapter writing that auction's event must do — serialise the event
// without its response (the reply's bytes are already there), copy it into a JSON-lines batch and a
// JSON-array batch of the adapters' default bounds (1 MiB or 100 events), append the first to a file
// and POST the second to the sink over a keep-alive undici pool. No queue, timer, view, scrubbing,
// activity check or hook: what is left once everything Gavel adds around those bytes is taken away.
// The event is a real one: a line the `all` variant wrote during the warm-up.
import { Buffer } from 'node:buffer';
import { openSync, readFileSync, write } from 'node:fs';
import { Agent, request } from 'undici';

const BATCH_BYTES = 1024 * 1024;
const BATCH_EVENTS = 100;

/**
 * A batch buffer that is written out when it reaches the adapters' bounds: `send` gets a view and
 * calls `release` once done with it (buffers are reused, as the adapters' pool does).
 */
function batcher(framing, send) {
  const free = [];
  const get = () => free.pop() ?? Buffer.allocUnsafe(2 * BATCH_BYTES);
  let buffer = get();
  let used = 0;
  let events = 0;
  return (head, response) => {
    used += framing.before(buffer, used, events);
    used += buffer.write(head, used, 'utf8');
    used += response.copy(buffer, used);
    used += buffer.write('}', used, 'latin1');
    events++;
    if (events < BATCH_EVENTS && used < BATCH_BYTES) return;
    used += framing.end(buffer, used);
    const full = buffer;
    const bytes = full.subarray(0, used);
    buffer = get();
    used = 0;
    events = 0;
    send(bytes, () => free.push(full));
  };
}

const LINES = {
  before: (b, at, n) => (n > 0 ? b.write('\n', at, 'latin1') : 0),
  end: (b, at) => b.write('\n', at, 'latin1'),
};
const ARRAY = {
  before: (b, at, n) => b.write(n > 0 ? ',' : '[', at, 'latin1'),
  end: (b, at) => b.write(']', at, 'latin1'),
};

/**
 * `record()` once per auction; `close()` waits for the writes and posts in flight. `parts` takes the
 * floor apart: `json` (serialise only), `copy` (and copy into both batches, which are then dropped),
 * `file` or `http` (and write only that batch), `all` (default).
 */
export function createAnalyticsFloor({ eventFile, outFile, sinkPort, parts = 'all' }) {
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
    LINES,
    io('file', (bytes, release) =>
      track(new Promise((resolve) => write(fd, bytes, () => resolve(release())))),
    ),
  );
  const toSink = batcher(
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
      const head = headOf(JSON.stringify(event));
      if (parts === 'json') return;
      toFile(head, response);
      toSink(head, response);
    },
    async close() {
      await Promise.all(inFlight);
      await agent.destroy();
    },
  };
}
