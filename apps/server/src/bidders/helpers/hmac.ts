// Request signing some bidders require: an HMAC-SHA256 of a text under a host secret, hex-encoded.
import { createHmac } from 'node:crypto';

/** Lower-case hex HMAC-SHA256 of `text` keyed with `secret`. */
export function hmacSha256Hex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}
