// Auction answers as one Buffer of JSON text. V8's JSON.stringify returns a rope (cons string) for
// bodies past a few KB. Sent as a string, Fastify measures its UTF-8 length and Node's HTTP layer
// prepends the header block to it (a rope again) and flattens that on write: copies of every
// response in the young generation. As a Buffer, the text is flattened once, copied outside the JS
// heap and written beside the headers (sampled under S3 load: 7.5 KB less young-generation
// allocation per auction, −4.5%). The bytes are remembered for the object (analytics reuse them).
import { jsonBytesRemembered } from '../openrtb/json-text.js';

export function jsonBody(value: unknown): Buffer {
  return jsonBytesRemembered(value);
}

/** What Fastify sent for these answers as strings: a Buffer gets the type exactly as given. */
export const JSON_UTF8 = 'application/json; charset=utf-8';
