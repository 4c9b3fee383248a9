// Turning a bid request into outgoing calls imp by imp (adapter contract "makeRequests"): each imp is
// mapped (params applied, or rejected with an error), then sent all together or one call per imp.
// Copies only what changes: the request is shallow-copied with a new imp array.
import type { BidRequest, Imp } from '../../openrtb/types.js';
import type { BidderError, OutgoingRequest, Result } from '../types.js';
import { jsonHeaders, postJson } from './json-request.js';
import { isBidderError } from './is-bidder-error.js';
import { readImpExt, type ImpExtParts } from './imp-ext.js';
import { withProps } from '@gavel/common';

/** Maps one imp to what is sent for it, or the error that drops it. */
export type ImpMapper = (imp: Readonly<Imp>, index: number) => Imp | BidderError;

export interface ImpRequestOptions {
  uri: string;
  mapImp?: ImpMapper;
  /** Applied to the request copy once its imps are set (request-level params). */
  mapRequest?: (request: BidRequest) => BidRequest;
  headers?: Record<string, string[]>;
}

/** The mapped imps and the errors of the rejected ones. */
export function mapImps(
  request: Readonly<BidRequest>,
  mapImp?: ImpMapper,
): { imps: Imp[]; errors: BidderError[] } {
  const imps: Imp[] = [];
  const errors: BidderError[] = [];
  request.imp.forEach((imp, i) => {
    const mapped = mapImp ? mapImp(imp, i) : imp;
    if (isBidderError(mapped)) errors.push(mapped);
    else imps.push(mapped);
  });
  return { imps, errors };
}

/** An ImpMapper that first reads the imp's params (`imp.ext.bidder`), rejecting imps without them. */
export function withImpParams(map: (imp: Readonly<Imp>, parts: ImpExtParts) => Imp | BidderError): ImpMapper {
  return (imp) => {
    const read = readImpExt(imp);
    return 'error' in read ? read.error : map(imp, read.parts);
  };
}

function post(request: Readonly<BidRequest>, imps: Imp[], options: ImpRequestOptions): OutgoingRequest {
  const copy: BidRequest = withProps(request, { imp: imps });
  return postJson(
    options.uri,
    options.mapRequest ? options.mapRequest(copy) : copy,
    options.headers ?? jsonHeaders(),
  );
}

/** One call with every accepted imp; none when no imp is accepted. */
export function requestWithAllImps(
  request: Readonly<BidRequest>,
  options: ImpRequestOptions,
): Result<OutgoingRequest[]> {
  const { imps, errors } = mapImps(request, options.mapImp);
  return { value: imps.length > 0 ? [post(request, imps, options)] : [], errors };
}

/** One call per accepted imp. */
export function requestPerImp(
  request: Readonly<BidRequest>,
  options: ImpRequestOptions,
): Result<OutgoingRequest[]> {
  const { imps, errors } = mapImps(request, options.mapImp);
  return { value: imps.map((imp) => post(request, [imp], options)), errors };
}
