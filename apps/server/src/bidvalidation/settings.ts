// Host and account settings of bid validation. G: host `validations.*`; an account's
// `validations.banner_creative_max_size` (any non-empty string) replaces the host's banner mode
// and nothing else (Validations.SetBannerCreativeMaxSize). A mode other than warn/enforce acts
// as skip, as upstream compares only against those two.
import type { BidValidationConfig } from './config-section.js';
import { isRecord, type BidValidationSettings, type ValidationMode } from './types.js';

/** The account's `validations` block as read (snake_case keys of G config.Validations). */
export interface AccountValidations {
  bannerCreativeMaxSize?: ValidationMode;
  secureMarkup?: ValidationMode;
  maxCreativeWidth?: number;
  maxCreativeHeight?: number;
}

export interface ParsedAccountValidations {
  value: AccountValidations;
  /** Wrong JSON types, by field path; the caller may treat them as a malformed account. */
  errors: string[];
}

export function toMode(v: string): ValidationMode {
  return v === 'enforce' || v === 'warn' ? v : 'skip';
}

export function hostValidationSettings(cfg: BidValidationConfig): BidValidationSettings {
  return {
    bannerCreativeMaxSize: toMode(cfg['banner-creative-max-size']),
    secureMarkup: toMode(cfg['secure-markup']),
    maxCreativeWidth: cfg['max-creative-width'],
    maxCreativeHeight: cfg['max-creative-height'],
  };
}

function readMode(raw: Record<string, unknown>, key: string, errors: string[]): ValidationMode | undefined {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') {
    errors.push(`validations.${key} must be a string`);
    return undefined;
  }
  return toMode(v);
}

function readSize(raw: Record<string, unknown>, key: string, errors: string[]): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    errors.push(`validations.${key} must be an integer`);
    return undefined;
  }
  return v;
}

/** Reads an account document's `validations` block; never throws. */
export function parseAccountValidations(raw: unknown): ParsedAccountValidations {
  if (raw === undefined || raw === null) return { value: {}, errors: [] };
  if (!isRecord(raw)) return { value: {}, errors: ['validations must be an object'] };
  const errors: string[] = [];
  const value: AccountValidations = {};
  const banner = readMode(raw, 'banner_creative_max_size', errors);
  if (banner !== undefined) value.bannerCreativeMaxSize = banner;
  const secure = readMode(raw, 'secure_markup', errors);
  if (secure !== undefined) value.secureMarkup = secure;
  const w = readSize(raw, 'max_creative_width', errors);
  if (w !== undefined) value.maxCreativeWidth = w;
  const h = readSize(raw, 'max_creative_height', errors);
  if (h !== undefined) value.maxCreativeHeight = h;
  return { value, errors };
}

/** The settings one auction runs with: the host's, banner mode replaced by the account's (G). */
export function effectiveValidationSettings(
  host: BidValidationSettings,
  account: AccountValidations | undefined,
): BidValidationSettings {
  const banner = account?.bannerCreativeMaxSize;
  return banner === undefined ? host : { ...host, bannerCreativeMaxSize: banner };
}
