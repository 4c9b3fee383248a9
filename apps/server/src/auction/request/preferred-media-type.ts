// Multi-format imps for bidders that take one media type per imp (upstream G adapters/infoawarebidder.go
// pruneImps/adjustImpForPreferredMediaType, exchange getBidderPreferredMediaTypeMap): the request's
// `ext.<ns>.biddercontrols.<bidder>.prefmtype` wins over the account's `preferredmediatype`; the imp
// keeps only that type, or is dropped when it lacks it or no type is preferred.
import { ERROR_CODE, type MediaType } from '../../bidders/types.js';
import { WARNING_CODE } from './imp-bidders.js';
import type { Imp } from '../../openrtb/types.js';
import type { ResponseIssue } from '../types.js';
import { childObject } from './json-shape.js';
import { omitKeys } from '@gavel/common';

const MEDIA_TYPES: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

export interface PreferenceSources {
  /** `ext.<ns>` of the request. */
  nsExt: Readonly<Record<string, unknown>> | undefined;
  /** The account's `preferredmediatype` map (bidder → media type). */
  account: Readonly<Record<string, string>> | undefined;
}

/** The preferred media type of `bidder` ('' when none is given), request over account. */
export function preferredMediaTypeOf(bidder: string, src: PreferenceSources): string {
  const controls = childObject(childObject(src.nsExt, 'biddercontrols'), bidder);
  const fromRequest = controls?.['prefmtype'];
  if (typeof fromRequest === 'string' && fromRequest !== '') return fromRequest;
  const fromAccount = src.account?.[bidder];
  return typeof fromAccount === 'string' ? fromAccount : '';
}

export interface ReducedImp {
  /** The imp with only the preferred type; undefined → the imp is not sent to this bidder. */
  imp: Imp | undefined;
  /** Dropping the imp is an error of the bidder (code 2); removing a type is a warning. */
  errors: ResponseIssue[];
  warnings: ResponseIssue[];
}

function isMediaType(v: string): v is MediaType {
  return (MEDIA_TYPES as readonly string[]).includes(v);
}

/** A multi-format imp reduced to `preferred` for a bidder without multi-format support. */
export function reduceToPreferred(imp: Imp, preferred: string): ReducedImp {
  const drop = (message: string): ReducedImp => ({
    imp: undefined,
    errors: [{ code: ERROR_CODE.badInput, message }],
    warnings: [],
  });
  if (preferred === '')
    return drop(
      `Removing the imp ${imp.id} as the bidder does not support multi-format and preferred media type is not defined for the bidder`,
    );
  if (!isMediaType(preferred))
    return drop(`Imp ${imp.id} has an invalid preferred media type: ${preferred}. It will be ignored.`);
  if (imp[preferred] === undefined || imp[preferred] === null)
    return drop(
      `Imp ${imp.id} does not have a preferred ${preferred.toUpperCase()} media type. It will be ignored.`,
    );
  const removed = MEDIA_TYPES.filter((t) => t !== preferred && imp[t] !== undefined && imp[t] !== null);
  return {
    imp: omitKeys(imp, removed),
    errors: [],
    warnings: removed.map((t) => ({
      code: WARNING_CODE.generic,
      message: `Imp ${imp.id} uses ${t}, removing ${t} as the bidder doesn't support multi-format`,
    })),
  };
}

/** Media types an imp offers. */
export function formatCount(imp: Imp): number {
  let n = 0;
  for (const t of MEDIA_TYPES) if (imp[t] !== undefined && imp[t] !== null) n++;
  return n;
}
