// JSON.parse of request bodies that carry the same large block request after request: a publisher's
// floors model (tens to hundreds of rules) arrives as the same bytes with every auction, and parsing
// them is most of what such a body costs to parse. Once a block has been seen at one of the given
// paths, a body holding its text is parsed with that text replaced by a marker, and the block's kept
// value (parsed once, deep-frozen, shared by every request that sends it) is put where the marker
// landed. The result is the value JSON.parse(text) gives, with one object tree shared:
// - the marker is the string "\u0001", and a body is only spliced when its text has no `\u` escape
//   (a raw control character is not valid JSON), so the only such string in the spliced body's
//   value is the marker;
// - it counts only where it landed at its path (the last of duplicate keys, as JSON.parse keeps): the
//   text it replaced was then that member's whole value, which parses to the kept value. Anywhere
//   else (inside a longer value, a different key) the body is parsed as it is.
// Hand-written: no JSON library parses around a known span of its input.
import { deepFreeze } from './config/load-config.js';

export interface RepeatedBlocksOptions {
  /** Where blocks may repeat, each a path of object keys from the body's root (never `__proto__`). */
  paths: readonly (readonly string[])[];
  /** A block whose JSON is shorter is parsed with its body every time; default 512 characters. */
  minChars?: number;
  /** Blocks kept at most, the one last used first; default 4. */
  maxBlocks?: number;
  /** Characters of JSON kept at most over all blocks; default 1,000,000. */
  maxChars?: number;
}

interface Block {
  /** The block's JSON as JSON.stringify writes it (compact): what a body is searched for. */
  readonly text: string;
  /** Its value, parsed once and deep-frozen. */
  readonly value: object;
  readonly path: readonly string[];
}

/** The JSON text of the marker string: the control character U+0001, which the body cannot hold. */
const MARKER_JSON = '"\\u0001"';
const MARKER = '\u0001';

/** A body that misses is looked at for new blocks once in this many parses. */
const LEARN_EVERY = 16;

/** The values RepeatedBlocks hands out: deep-frozen, so the same object is always the same JSON. */
const shared = new WeakSet<object>();

/** True for a block value shared between bodies (its content never changes). */
export function isSharedJsonBlock(value: unknown): boolean {
  return typeof value === 'object' && value !== null && shared.has(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object holding the path's last key, when every step is a plain object's own key. */
function parentAt(doc: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let at: unknown = doc;
  for (let i = 0; i < path.length - 1; i++) {
    if (!isRecord(at) || !Object.hasOwn(at, path[i]!)) return undefined;
    at = at[path[i]!];
  }
  return isRecord(at) ? at : undefined;
}

function valueAt(doc: unknown, path: readonly string[]): unknown {
  const parent = parentAt(doc, path);
  const key = path[path.length - 1]!;
  return parent !== undefined && Object.hasOwn(parent, key) ? parent[key] : undefined;
}

export class RepeatedBlocks {
  /** Most recently used first. */
  private blocks: Block[] = [];
  private chars = 0;
  private untilLearn = 0;
  private readonly minChars: number;
  private readonly maxBlocks: number;
  private readonly maxChars: number;

  constructor(private readonly options: RepeatedBlocksOptions) {
    for (const path of options.paths)
      if (path.length === 0 || path.includes('__proto__'))
        throw new Error(`bad block path ${path.join('.')}`);
    this.minChars = options.minChars ?? 512;
    this.maxBlocks = options.maxBlocks ?? 4;
    this.maxChars = options.maxChars ?? 1_000_000;
  }

  /** JSON.parse(text): the same value, thrown errors included; kept blocks are shared objects. */
  parse(text: string): unknown {
    if (this.blocks.length > 0 && !text.includes('\\u')) {
      for (const block of this.blocks) {
        const at = text.indexOf(block.text);
        if (at < 0) continue;
        const doc = this.spliced(text, at, block);
        if (doc === undefined) break;
        // The usual body repeats the block used last: nothing to reorder, nothing allocated.
        if (this.blocks[0] !== block) this.blocks = [block, ...this.blocks.filter((b) => b !== block)];
        return doc;
      }
    }
    const doc = JSON.parse(text) as unknown;
    if (--this.untilLearn <= 0) {
      this.untilLearn = LEARN_EVERY;
      for (const path of this.options.paths) this.learn(doc, text, path);
    }
    return doc;
  }

  /** The body parsed with the block's text at `at` replaced; undefined when the marker is not at the path. */
  private spliced(text: string, at: number, block: Block): unknown {
    let doc: unknown;
    try {
      doc = JSON.parse(text.slice(0, at) + MARKER_JSON + text.slice(at + block.text.length));
    } catch {
      return undefined;
    }
    const parent = parentAt(doc, block.path);
    const key = block.path[block.path.length - 1]!;
    if (parent === undefined || !Object.hasOwn(parent, key) || parent[key] !== MARKER) return undefined;
    parent[key] = block.value;
    return doc;
  }

  /** Keeps the body's block at `path` when it is large enough and written as JSON.stringify writes it. */
  private learn(doc: unknown, text: string, path: readonly string[]): void {
    const value = valueAt(doc, path);
    if (typeof value !== 'object' || value === null) return;
    const json = JSON.stringify(value);
    if (json === undefined || json.length < this.minChars || json.length > this.maxChars) return;
    if (!text.includes(json) || this.blocks.some((b) => b.text === json)) return;
    const block: Block = { text: json, value: deepFreeze(JSON.parse(json) as object), path };
    shared.add(block.value);
    this.blocks.unshift(block);
    this.chars += json.length;
    while (this.blocks.length > this.maxBlocks || this.chars > this.maxChars) {
      const dropped = this.blocks.pop() as Block;
      this.chars -= dropped.text.length;
    }
  }
}
