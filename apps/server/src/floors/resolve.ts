// Which floors an auction uses (G floors/floors.go resolveFloors, createFloorsFrom): fetched data
// (merged with the request's enforcement and minimum) when the account uses dynamic data and the
// fetch succeeded, else the request's own floors, else none; validated and reduced to one model group.
import { withProps } from '@gavel/common';
import { mergeFloors } from './floor-min.js';
import { parseFloorDataKept } from './memo.js';
import { selectModelGroup, useFetchedData } from './select.js';
import type { AccountFloorsSettings } from './settings.js';
import type {
  ConvertFn,
  FetchedFloors,
  FetchStatus,
  FloorsLocation,
  PriceFloorRules,
  RandomFn,
} from './types.js';
import { selectValidModelGroups, validateFloorParams } from './validate.js';

export interface ResolveInput {
  ns: string;
  account: AccountFloorsSettings;
  /** The request's `ext.<ns>.floors`, parsed; undefined when absent. */
  requestFloors: PriceFloorRules | undefined;
  fetched?: FetchedFloors;
  convert: ConvertFn;
  random: RandomFn;
}

interface Source {
  floors: PriceFloorRules | undefined;
  status: FetchStatus;
  location: FloorsLocation;
}

function pickSource(input: ResolveInput): Source {
  const { account, requestFloors, fetched } = input;
  // The fetcher is consulted only for accounts using dynamic data; its status is reported as is.
  let status: FetchStatus = account.useDynamicData && fetched ? fetched.status : 'none';
  if (status === 'success') {
    const data = parseFloorDataKept(fetched?.data, 'fetched floors data');
    if (!data.ok || !data.value.modelgroups) status = 'error';
    else if (useFetchedData(data.value.usefetchdatarate, input.random))
      return { floors: mergeFloors(requestFloors, data.value, input.convert), status, location: 'fetch' };
  }
  return requestFloors
    ? { floors: requestFloors, status, location: 'request' }
    : { floors: undefined, status, location: 'noData' };
}

/** The floors to use and the validation errors (invalid model groups are dropped, one error each). */
export function resolveFloors(input: ResolveInput): { rules: PriceFloorRules; errors: string[] } {
  const { floors, status, location } = pickSource(input);
  const bare: PriceFloorRules = { fetchstatus: status, location };
  if (!floors) return { rules: bare, errors: [] };
  const invalid = validateFloorParams(floors, input.ns);
  if (invalid) return { rules: bare, errors: [invalid] };
  if (floors.enforcement) bare.enforcement = floors.enforcement;
  if (!floors.data) return { rules: bare, errors: [] };

  const { account } = input;
  const { valid, errors } = selectValidModelGroups(floors.data.modelgroups, {
    maxRules: account.maxRules,
    maxSchemaDims: account.maxSchemaDims,
  });
  if (valid.length === 0) return { rules: bare, errors };
  let group = valid[0];
  if (valid.length > 1) {
    const picked = selectModelGroup(valid, input.random);
    // Upstream writes the default weight into the groups it weighs.
    group = picked && withProps(picked, { modelweight: picked.modelweight ?? 1 });
  }
  const data = withProps(floors.data, { modelgroups: group ? [group] : [] });
  return { rules: withProps(floors, { data, fetchstatus: status, location }), errors };
}
