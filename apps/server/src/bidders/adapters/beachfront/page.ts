// Beachfront's reading of pages and bundles: the host of a page URL, whether it is https, and the
// domain guessed from an app bundle (`com.example.app` → `example.com`).

/** The host part of a page (what follows `//`, up to the first `/`). */
export function domainOf(page: string): string {
  const parts = page.split('//');
  const rest = parts.length > 1 ? (parts[1] ?? '') : page;
  return rest.split('/')[0] ?? '';
}

/** 1 for an https page, else 0. */
export function isSecure(page: string): number {
  const parts = page.split('://');
  return parts.length > 1 && parts[0] === 'https' ? 1 : 0;
}

/** The domain of a reverse-DNS bundle (underscores trimmed), or undefined for a one-part bundle. */
export function bundleDomain(bundle: string): string | undefined {
  const chunks = bundle.replace(/^_+|_+$/g, '').split('.');
  return chunks.length > 1 ? `${chunks[1] ?? ''}.${chunks[0] ?? ''}` : undefined;
}
