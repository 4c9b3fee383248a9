// Config of prebid.richmedia-filter (upstream J extra/modules/pb-richmedia-filter
// PbRichMediaFilterProperties): `filter-mraid` turns the filter on, `mraid-script-pattern` is the text
// whose presence in `adm` marks an MRAID creative. Read from the account's config over the host's.

export interface RichMediaConfig {
  filterMraid: boolean;
  mraidScriptPattern: string;
}

/** J has no default pattern (nothing is filtered without one); Gavel uses the script name itself. */
export const DEFAULT_MRAID_SCRIPT_PATTERN = 'mraid.js';

export class RichMediaConfigError extends Error {}

/** Parses the module config; throws RichMediaConfigError naming the key for a wrong type or an empty pattern. */
export function parseRichMediaConfig(raw: Readonly<Record<string, unknown>> | undefined): RichMediaConfig {
  const filterMraid = raw?.['filter-mraid'] ?? false;
  const pattern = raw?.['mraid-script-pattern'] ?? DEFAULT_MRAID_SCRIPT_PATTERN;
  if (typeof filterMraid !== 'boolean') {
    throw new RichMediaConfigError('failed to parse config: filter-mraid: expected a boolean');
  }
  if (typeof pattern !== 'string' || pattern === '') {
    throw new RichMediaConfigError(
      'failed to parse config: mraid-script-pattern: expected a non-empty string',
    );
  }
  return { filterMraid, mraidScriptPattern: pattern };
}
