// Files source of the stored-data seam: one directory, one sub-directory per kind, `<id>.json` per
// document (notes §16 "File-system layout"). Read on demand so a directory filled after start works.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  decodeStored,
  notFound,
  unavailable,
  type StoredKind,
  type StoredResult,
  type StoredSource,
} from './types.js';

/** Sub-directory per kind; AMP tag ids are stored requests (G looks them up in the same table). */
export const FILES_LAYOUT: Readonly<Record<StoredKind, string>> = {
  request: 'stored_requests',
  'amp-request': 'stored_requests',
  imp: 'stored_imps',
  response: 'stored_responses',
  account: 'accounts',
  category: 'categories',
};

// Ids name files: anything that could leave the kind's directory is simply not found.
const SAFE_ID = /^[^/\\\0]+$/;

/**
 * Read errors that say "no such document" about the id itself: no file, a name the file system
 * cannot hold (too long, invalid), a directory or a symlink loop where the file would be. Only the
 * others (EACCES, EIO, EMFILE, …) are a back-end outage (503).
 */
const NOT_A_DOCUMENT = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EINVAL', 'EISDIR', 'ELOOP']);

export function createFilesSource(dir: string): StoredSource {
  const readOne = async (kind: StoredKind, id: string, result: StoredResult): Promise<void> => {
    if (!SAFE_ID.test(id) || id === '.' || id === '..') {
      result.errors.push(notFound(kind, id));
      return;
    }
    let text: string;
    try {
      text = await readFile(join(dir, FILES_LAYOUT[kind], `${id}.json`), 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      result.errors.push(
        code !== undefined && NOT_A_DOCUMENT.has(code)
          ? notFound(kind, id)
          : unavailable(kind, id, String(code)),
      );
      return;
    }
    const decoded = decodeStored(kind, id, text);
    if (decoded.ok) result.found.set(id, decoded.value);
    else result.errors.push(decoded.error);
  };

  return {
    async fetch(kind, ids) {
      const result: StoredResult = { found: new Map(), errors: [] };
      await Promise.all([...new Set(ids)].map((id) => readOne(kind, id, result)));
      return result;
    },
  };
}
