// Endpoint part: `ext.<ns>.multibid` validated once (multibid/): every problem is a warning (10006)
// and the request keeps only the validated entries, as upstream's endpoint rewrites it.
import { withProps, omitKeys } from '@gavel/common';
import { entryToJson, keepMultiBidEntries, validateMultiBid } from '../../multibid/index.js';
import type { BidRequest } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../types.js';

export interface PreparedMultibid {
  request: BidRequest;
  warnings: ResponseIssue[];
  /** The block cannot be read at all (upstream cannot parse ext.<ns>): a 400 line. */
  error?: string;
}

const MULTIBID = ['multibid'] as const;

export function prepareMultibid(request: BidRequest, ns: ExtNamespace): PreparedMultibid {
  const nsExt = request.ext?.[ns] as Record<string, unknown> | undefined;
  if (nsExt?.['multibid'] === undefined) return { request, warnings: [] };
  const checked = validateMultiBid(nsExt['multibid']);
  if (checked.error) return { request, warnings: [], error: checked.error };
  const entries = checked.entries.map(entryToJson);
  // The split and rank steps read the rewritten list's entries: these, not a second validation.
  keepMultiBidEntries(entries, checked.entries);
  // Spreads over keys the objects have (the list came in them): V8's fast clone (@gavel/common objects.ts).
  const rewritten = !entries.length
    ? omitKeys(nsExt, MULTIBID)
    : 'multibid' in nsExt
      ? { ...nsExt, multibid: entries }
      : withProps(nsExt, { multibid: entries });
  const ext = withProps(request.ext, { [ns]: rewritten });
  return {
    request: 'ext' in request ? { ...request, ext } : withProps(request, { ext }),
    warnings: checked.warnings,
  };
}
