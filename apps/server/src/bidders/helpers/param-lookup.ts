// Reading a param the way upstream's JSON decoder matches struct fields: the exact key first, else
// any key equal to it ignoring case (so `cid` fills a `cId` field).

/** `params[key]`, or the value of the first key equal to `key` ignoring case. */
export function paramIgnoringCase(params: Readonly<Record<string, unknown>>, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(params, key)) return params[key];
  const lower = key.toLowerCase();
  const match = Object.keys(params).find((k) => k.toLowerCase() === lower);
  return match === undefined ? undefined : params[match];
}
