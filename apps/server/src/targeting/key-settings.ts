// Key prefix and key length of an auction's targeting (upstream G exchange getTargetDataPrefix): the
// request's `targeting.prefix`, else the account's `targeting_prefix`, else `hb`; keys are cut to the
// account's `truncate_target_attr` (when above 12), else 20. A prefix that leaves no room for the
// longest key suffix (12 characters) falls back to `hb` with warning 10015; a truncate length below 12
// with warning 10016.
import { MAX_KEY_LENGTH } from './build-keys.js';

/** The longest key without its prefix (`_cache_host_` is what needs room). */
/** A response warning ({code, message}, as in ext.warnings.general). */
export interface KeyWarning {
  code: number;
  message: string;
}

export const MIN_KEY_LENGTH = 12;
export const DEFAULT_PREFIX = 'hb';

export const TOO_LONG_PREFIX: KeyWarning = {
  code: 10015,
  message:
    "targeting prefix combined with key attribute is longer than 'settings.targeting.truncate-attr-chars' value: decrease prefix length or increase truncate-attr-chars",
};
export const TOO_SHORT_TRUNCATION: KeyWarning = {
  code: 10016,
  message: "targeting prefix is shorter than 'MinKeyLength' value: increase prefix length",
};

export interface KeySettingsInput {
  /** `ext.<ns>.targeting.prefix` of the request; '' or absent → none. */
  requestPrefix?: string | undefined;
  /** The account's `targeting_prefix`. */
  accountPrefix?: string | undefined;
  /** The account's `truncate_target_attr`. */
  truncateTargetAttr?: number | undefined;
}

export interface KeySettings {
  prefix: string;
  maxKeyLength: number;
  warnings: KeyWarning[];
}

/** The maximum key length alone (ad-server targeting uses it too). */
export function maxKeyLengthOf(truncateTargetAttr: number | undefined): number {
  return truncateTargetAttr !== undefined && truncateTargetAttr > MIN_KEY_LENGTH
    ? truncateTargetAttr
    : MAX_KEY_LENGTH;
}

export function targetingKeySettings(i: KeySettingsInput): KeySettings {
  const maxKeyLength = maxKeyLengthOf(i.truncateTargetAttr);
  if (i.truncateTargetAttr !== undefined && i.truncateTargetAttr < MIN_KEY_LENGTH)
    return { prefix: DEFAULT_PREFIX, maxKeyLength, warnings: [TOO_SHORT_TRUNCATION] };
  const wanted = i.requestPrefix || i.accountPrefix || DEFAULT_PREFIX;
  if (wanted.length > maxKeyLength - MIN_KEY_LENGTH)
    return { prefix: DEFAULT_PREFIX, maxKeyLength, warnings: [TOO_LONG_PREFIX] };
  return { prefix: wanted, maxKeyLength, warnings: [] };
}
