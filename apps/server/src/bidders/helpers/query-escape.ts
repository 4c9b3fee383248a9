// URL query escaping with the semantics of Go's url.QueryEscape (space → '+', and !'()* escaped),
// so query values match what bidders already receive from other servers.

export function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
