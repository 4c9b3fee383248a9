// The row M floor (`bench:paired` variant `floor`) writes what the adapters would: full batches of
// JSON lines to the file and JSON arrays to the collector, each event the one it was given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchQueue } from '../../apps/server/src/analytics/batch.js';
import { createAnalyticsFloor } from './analytics-floor.mjs';

const EVENT = {
  kind: 'auction',
  status: 200,
  request: { id: 'r1', imp: [{ id: 'imp-1' }] },
  response: { id: 'r1', seatbid: [{ seat: 'b0', bid: [{ id: 'x', impid: 'imp-1', price: 1.5 }] }] },
};

test('the floor writes full batches: 100 JSON lines to the file, a JSON array of 100 to the collector', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-floor-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const posts: string[] = [];
  const sink = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      posts.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  t.after(() => sink.close());
  const eventFile = join(dir, 'events.jsonl');
  writeFileSync(eventFile, `{"kind":"other"}\n${JSON.stringify(EVENT)}\n`);
  const floor = createAnalyticsFloor({
    BatchQueue,
    eventFile,
    outFile: join(dir, 'out.jsonl'),
    sinkPort: (sink.address() as AddressInfo).port,
  });
  for (let i = 0; i < 150; i++) floor.record(); // one full batch each; 50 events stay in the next
  await floor.close();

  const lines = readFileSync(join(dir, 'out.jsonl'), 'utf8').split('\n');
  assert.equal(lines.pop(), '');
  assert.equal(lines.length, 100);
  for (const line of lines) assert.deepEqual(JSON.parse(line), EVENT);
  assert.equal(posts.length, 1);
  const posted = JSON.parse(posts[0] as string) as unknown[];
  assert.equal(posted.length, 100);
  assert.deepEqual(posted[99], EVENT);
  assert.equal(floor.eventBytes, Buffer.byteLength(JSON.stringify(EVENT)));
});
