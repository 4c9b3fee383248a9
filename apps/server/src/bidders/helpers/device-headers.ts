// Forwarding the end user's device facts as HTTP headers, for bidders that read them from headers
// rather than from the body (User-Agent, X-Forwarded-For, Accept-Language, DNT).
import type { BidRequest } from '../../openrtb/types.js';

/** Adds the device headers the request carries to `headers` (canonical names; absent → omitted). */
export function addDeviceHeaders(headers: Record<string, string[]>, request: Readonly<BidRequest>): void {
  const device = request.device;
  if (!device) return;
  if (device.ua) headers['User-Agent'] = [device.ua];
  if (device.ip) headers['X-Forwarded-For'] = [device.ip];
  const language = (device as { language?: unknown }).language;
  if (typeof language === 'string' && language) headers['Accept-Language'] = [language];
  if (typeof device.dnt === 'number') headers['Dnt'] = [String(device.dnt)];
}
