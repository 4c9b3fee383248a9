// Seat-non-bid status codes (IAB community extension "seat-non-bid", list "Non Bid Status
// Codes"; G exchange/non_bid_reason.go uses 100, 101, 103, 300, 301, 303, 304, 351, 352; J
// BidRejectionReason adds 0, 102, 200-205, 305, 350, 356). Names follow upstream where it has one.

export const NON_BID_REASON = {
  noBid: 0,
  errorGeneral: 100,
  errorTimeout: 101,
  errorInvalidBidResponse: 102,
  errorBidderUnreachable: 103,
  requestBlockedGeneral: 200,
  requestBlockedUnsupportedChannel: 201,
  requestBlockedUnsupportedMediaType: 202,
  requestBlockedOptimized: 203,
  requestBlockedPrivacy: 204,
  requestBlockedUnsupportedCurrency: 205,
  responseRejectedGeneral: 300,
  responseRejectedBelowFloor: 301,
  responseRejectedDuplicate: 302,
  responseRejectedCategoryMappingInvalid: 303,
  responseRejectedBelowDealFloor: 304,
  responseRejectedDsaPrivacy: 305,
  responseRejectedInvalidCreative: 350,
  responseRejectedCreativeSizeNotAllowed: 351,
  responseRejectedCreativeNotSecure: 352,
  responseRejectedCreativeIncorrectFormat: 353,
  responseRejectedCreativeMalware: 354,
  responseRejectedAdvertiserExclusions: 355,
  responseRejectedAdvertiserBlocked: 356,
  responseRejectedCategoryExclusion: 357,
} as const;

export type NonBidReasonName = keyof typeof NON_BID_REASON;
export type NonBidReason = (typeof NON_BID_REASON)[NonBidReasonName];

const DESCRIPTION: Readonly<Record<number, string>> = {
  0: 'No Bid - General',
  100: 'Error - General',
  101: 'Error - Timeout',
  102: 'Error - Invalid Bid Response',
  103: 'Error - Bidder Unreachable',
  200: 'Request Blocked - General',
  201: 'Request Blocked - Unsupported Channel (app/site/dooh)',
  202: 'Request Blocked - Unsupported Media Type (banner/video/native/audio)',
  203: 'Request Blocked - Optimized',
  204: 'Request Blocked - Privacy',
  205: 'Request Blocked - Unsupported Currency',
  300: 'Response Rejected - General',
  301: 'Response Rejected - Below Floor',
  302: 'Response Rejected - Duplicate',
  303: 'Response Rejected - Category Mapping Invalid',
  304: 'Response Rejected - Below Deal Floor',
  305: 'Response Rejected - DSA Privacy',
  350: 'Response Rejected - Invalid Creative',
  351: 'Response Rejected - Invalid Creative (Size Not Allowed)',
  352: 'Response Rejected - Invalid Creative (Not Secure)',
  353: 'Response Rejected - Invalid Creative (Incorrect Format)',
  354: 'Response Rejected - Invalid Creative (Malware)',
  355: 'Response Rejected - Invalid Creative (Advertiser Exclusions)',
  356: 'Response Rejected - Invalid Creative (Advertiser Blocked)',
  357: 'Response Rejected - Invalid Creative (Category Exclusion)',
};

/** Human description of a code (500+ = vendor-specific). */
export function describeNonBidReason(code: number): string {
  return DESCRIPTION[code] ?? (code >= 500 ? 'Vendor-specific' : 'Unknown');
}

export type NonBidClass = 'no-bid' | 'error' | 'request-blocked' | 'response-rejected' | 'vendor' | 'unknown';

/** The range a code belongs to (0-99, 100-199, 200-299, 300-399, 500+). */
export function nonBidClass(code: number): NonBidClass {
  if (!Number.isInteger(code) || code < 0) return 'unknown';
  if (code < 100) return 'no-bid';
  if (code < 200) return 'error';
  if (code < 300) return 'request-blocked';
  if (code < 400) return 'response-rejected';
  return code >= 500 ? 'vendor' : 'unknown';
}
