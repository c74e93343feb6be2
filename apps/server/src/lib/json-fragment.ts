// Values serialised once and spliced into every answer that carries them (docs/performance.md "An exam on a paper"):
// a running paper's questions go out whole with each of its answers, the same 50 questions to every student sitting
// it. A `SerialisedArray` is a real array (whatever reads the answer in the process reads its items) that also holds
// its own JSON. `stringifySpliced` serialises an answer with each such array's JSON put in as it is; plain
// `JSON.stringify` serialises its items (`toJSON`), so both give the same text. `serialiseSplicedWithin` gives that
// text as UTF-8 bytes when the answer holds such an array, its bytes encoded once too: a 29 KB paper's text was
// otherwise encoded again for every answer (docs/performance.md "A paper's bytes encoded once").
import { randomUUID } from 'node:crypto';

/** Whether a `stringifySpliced` is running (JSON.stringify is synchronous: one at a time), and the arrays it met. */
let splicing = false;
const met: SerialisedArray<unknown>[] = [];
const NONE_MET: readonly SerialisedArray<unknown>[] = Object.freeze([]);

export class SerialisedArray<T> extends Array<T> {
  /** Its items' JSON, made once. */
  readonly json: string;
  /**
   * What `stringifySpliced` writes in its place before putting the JSON in: a string no answer can hold otherwise
   * (a NUL, which input refuses, and a random id), serialised.
   */
  private readonly marker: string;
  readonly markerJson: string;
  private utf8?: Buffer;

  /** `map`, `filter`, `slice` and the like make plain arrays of it (`Symbol.species`), never another one. */
  static get [Symbol.species]() {
    return Array;
  }

  constructor(items: readonly T[]) {
    super();
    for (const item of items) this.push(item);
    this.json = JSON.stringify(items);
    this.marker = `\u0000serialised:${randomUUID()}\u0000`;
    this.markerJson = JSON.stringify(this.marker);
  }

  toJSON(): unknown {
    if (!splicing) return this; // serialised as the array it is (toJSON is asked once a value)
    met.push(this);
    return this.marker;
  }

  /** Its JSON as UTF-8, encoded at the first answer sent as bytes and kept. */
  get bytes(): Buffer {
    return (this.utf8 ??= Buffer.from(this.json, 'utf8'));
  }

  /** Puts its JSON where `stringifySpliced` wrote its marker (the first one left). */
  putInto(text: string): string {
    return text.replace(this.markerJson, () => this.json);
  }
}

/** `JSON.stringify(value)` with a marker for each SerialisedArray, and the arrays in the order their markers stand. */
function stringifyMarked(value: unknown): { text: string | undefined; arrays: readonly SerialisedArray<unknown>[] } {
  met.length = 0; // what a call that threw met, if any
  splicing = true;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } finally {
    splicing = false;
  }
  // JSON.stringify asks for toJSON as it writes each value, so the arrays were met in the order of their markers.
  // Most answers hold none: no array is made for them.
  const arrays = met.length === 0 ? NONE_MET : met.slice();
  met.length = 0;
  return { text, arrays };
}

/** `JSON.stringify(value)`, with each SerialisedArray in it written as the JSON it holds. */
export function stringifySpliced(value: unknown): string | undefined {
  const marked = stringifyMarked(value);
  let text = marked.text;
  for (const a of marked.arrays) if (text !== undefined) text = a.putInto(text);
  return text;
}

/**
 * `before + stringifySpliced(value) + after`: the text when the value holds no SerialisedArray, else the same text
 * as UTF-8 bytes, each array's bytes copied in as kept (only the rest is encoded). Undefined where JSON.stringify
 * gives undefined.
 */
export function serialiseSplicedWithin(value: unknown, before: string, after: string): string | Buffer | undefined {
  const { text, arrays } = stringifyMarked(value);
  if (text === undefined) return undefined;
  if (arrays.length === 0) return before + text + after;
  const parts: Buffer[] = [];
  let from = 0;
  for (const a of arrays) {
    const at = text.indexOf(a.markerJson, from);
    parts.push(Buffer.from(from === 0 ? before + text.slice(0, at) : text.slice(from, at), 'utf8'), a.bytes);
    from = at + a.markerJson.length;
  }
  parts.push(Buffer.from(text.slice(from) + after, 'utf8'));
  return Buffer.concat(parts);
}
