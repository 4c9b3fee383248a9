// Request-level rules on site/app, user, regs and device (notes §7 "validateRequest rules"):
// one of site/app/dooh, site id/page, dooh id/venuetype, site.ext.amp, buyeruids, gdpr flag, us_privacy, non-negative sizes.
import type { BidRequest } from '../../openrtb/types.js';
import type { ExtNamespace } from '../types.js';
import { resolveBidder, type BidderLookup } from './bidder-lookup.js';
import { childObject, isObject, type JsonObject } from './json-shape.js';

export interface PartiesEnv {
  ns: ExtNamespace;
  registry: BidderLookup;
  aliases: Readonly<Record<string, string>>;
}

function notObject(v: unknown): boolean {
  return v !== undefined && v !== null && !isObject(v);
}

function checkNonNegative(obj: JsonObject, keys: readonly string[], p: string): string | undefined {
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !(v >= 0)) return `${p}.${k} must be a positive number`;
  }
  return undefined;
}

const INVENTORY = ['site', 'app', 'dooh'] as const;

/** Exactly one of site, app and dooh (G validateExactlyOneInventoryType); a missing one reads as site. */
function checkInventory(req: BidRequest): string | undefined {
  for (const k of INVENTORY) if (notObject(req[k])) return `request.${k} must be an object`;
  const given = INVENTORY.filter((k) => req[k] !== undefined && req[k] !== null).length;
  if (given > 1) return 'No more than one of request.site or request.app or request.dooh can be defined';
  return undefined;
}

function checkApp(app: JsonObject, ns: ExtNamespace): string | undefined {
  const nsApp = childObject(app.ext, ns);
  for (const k of ['source', 'version']) {
    const v = nsApp?.[k];
    if (v !== undefined && v !== null && typeof v !== 'string')
      return `request.app.ext.${ns}.${k} must be a string`;
  }
  return undefined;
}

/** OpenRTB 2.6 digital out-of-home inventory (G validateDOOH). */
function checkDooh(dooh: JsonObject): string | undefined {
  const { id, venuetype } = dooh;
  if (id !== undefined && id !== null && typeof id !== 'string') return 'request.dooh.id must be a string';
  if (venuetype !== undefined && venuetype !== null && !Array.isArray(venuetype))
    return 'request.dooh.venuetype must be an array';
  if ((typeof id !== 'string' || !id) && (!Array.isArray(venuetype) || venuetype.length === 0))
    return 'request.dooh should include at least one of request.dooh.id or request.dooh.venuetype.';
  return undefined;
}

function checkSiteApp(req: BidRequest, ns: ExtNamespace): string | undefined {
  const inventory = checkInventory(req);
  if (inventory) return inventory;
  const { site, app, dooh } = req;
  if (app) return checkApp(app, ns);
  if (isObject(dooh)) return checkDooh(dooh);
  // Upstream turns a request with neither into a site request, hence the site message.
  if (!site || ((typeof site.id !== 'string' || !site.id) && (typeof site.page !== 'string' || !site.page))) {
    return 'request.site should include at least one of request.site.id or request.site.page.';
  }
  if (notObject(site.ext)) return 'request.site.ext must be an object';
  const amp = site.ext?.amp;
  if (amp !== undefined && amp !== null && amp !== 0 && amp !== 1)
    return 'request.site.ext.amp must be either 1, 0, or undefined';
  return undefined;
}

function checkUser(req: BidRequest, env: PartiesEnv): string | undefined {
  const user: unknown = req.user;
  if (user === undefined || user === null) return undefined;
  if (!isObject(user)) return 'request.user must be an object';
  const geo = user.geo;
  if (isObject(geo) && typeof geo.accuracy === 'number' && geo.accuracy < 0)
    return 'request.user.geo.accuracy must be a positive number';
  if (user.buyeruid !== undefined && user.buyeruid !== null && typeof user.buyeruid !== 'string') {
    return 'request.user.buyeruid must be a string';
  }
  if (notObject(user.ext)) return 'request.user.ext must be an object';
  const ext = user.ext as JsonObject | undefined;
  if (ext?.consent !== undefined && ext.consent !== null && typeof ext.consent !== 'string') {
    return 'request.user.ext.consent must be a string';
  }
  const nsUser = ext?.[env.ns];
  if (nsUser === undefined || nsUser === null) return undefined;
  const buyeruids = isObject(nsUser) ? nsUser.buyeruids : undefined;
  if (!isObject(buyeruids) || Object.keys(buyeruids).length < 1) {
    return `request.user.ext.${env.ns} requires a "buyeruids" property with at least one ID defined. If none exist, then request.user.ext.${env.ns} should not be defined.`;
  }
  for (const [bidder, uid] of Object.entries(buyeruids)) {
    if (!resolveBidder(bidder, env.aliases, env.registry)) {
      return `request.user.ext.${bidder} is neither a known bidder name nor an alias in request.ext.${env.ns}.aliases`;
    }
    if (typeof uid !== 'string') return `request.user.ext.${env.ns}.buyeruids.${bidder} must be a string`;
  }
  return undefined;
}

function checkRegs(req: BidRequest): string | undefined {
  const regs: unknown = req.regs;
  if (regs === undefined || regs === null) return undefined;
  if (!isObject(regs)) return 'request.regs must be an object';
  if (regs.gdpr !== undefined && regs.gdpr !== null && regs.gdpr !== 0 && regs.gdpr !== 1) {
    return 'request.regs.gdpr must be either 0 or 1';
  }
  if (notObject(regs.ext)) return 'request.regs.ext must be an object';
  const ext = regs.ext as JsonObject | undefined;
  const gdpr = ext?.gdpr;
  if (gdpr !== undefined && gdpr !== null && gdpr !== 0 && gdpr !== 1)
    return 'request.regs.ext.gdpr must be either 0 or 1';
  const usp = ext?.us_privacy;
  if (usp !== undefined && usp !== null && typeof usp !== 'string')
    return 'request.regs.ext.us_privacy must be a string';
  return undefined;
}

function checkDevice(req: BidRequest): string | undefined {
  const device: unknown = req.device;
  if (device === undefined || device === null) return undefined;
  if (!isObject(device)) return 'request.device must be an object';
  const err = checkNonNegative(device, ['w', 'h', 'ppi'], 'request.device');
  if (err) return err;
  const geo = device.geo;
  if (isObject(geo) && typeof geo.accuracy === 'number' && geo.accuracy < 0)
    return 'request.device.geo.accuracy must be a positive number';
  if (notObject(device.ext)) return 'request.device.ext must be an object';
  return undefined;
}

/** First problem among site/app, user, regs and device, or undefined. */
export function validateParties(req: BidRequest, env: PartiesEnv): string | undefined {
  return checkSiteApp(req, env.ns) ?? checkUser(req, env) ?? checkRegs(req) ?? checkDevice(req);
}

const USP_FLAGS = ['explicit notice', 'opt-out sale', 'limited service provider agreement'] as const;

/**
 * Problem with a CCPA `us_privacy` string (IAB US Privacy v1), or undefined when valid or empty.
 * Callers turn it into a warning and drop the value (notes §7).
 */
export function checkUsPrivacy(value: string): string | undefined {
  if (value === '') return undefined;
  if (value.length !== 4) return 'request.regs.ext.us_privacy must contain 4 characters';
  if (value[0] !== '1') return 'request.regs.ext.us_privacy must specify version 1';
  for (let i = 1; i < 4; i++) {
    const c = value[i];
    if (c !== 'Y' && c !== 'N' && c !== '-') {
      return `request.regs.ext.us_privacy must specify 'N', 'Y', or '-' for the ${USP_FLAGS[i - 1]}`;
    }
  }
  return undefined;
}
