// Values serialised once and spliced into every answer that carries them (docs/performance.md "An exam on a paper"):
// a running paper's questions go out whole with each of its answers, the same 50 questions to every student sitting
// it. A `SerialisedArray` is a real array (whatever reads the answer in the process reads its items) that also holds
// its own JSON. `stringifySpliced` serialises an answer with each such array's JSON put in as it is; plain
// `JSON.stringify` serialises its items (`toJSON`), so both give the same text.
import { randomUUID } from 'node:crypto';

/** Whether a `stringifySpliced` is running (JSON.stringify is synchronous: one at a time), and the arrays it met. */
let splicing = false;
const met: SerialisedArray<unknown>[] = [];

export class SerialisedArray<T> extends Array<T> {
  /** Its items' JSON, made once. */
  readonly json: string;
  /**
   * What `stringifySpliced` writes in its place before putting the JSON in: a string no answer can hold otherwise
   * (a NUL, which input refuses, and a random id), serialised.
   */
  private readonly marker: string;
  private readonly markerJson: string;

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

  /** Puts its JSON where `stringifySpliced` wrote its marker (the first one left). */
  putInto(text: string): string {
    return text.replace(this.markerJson, () => this.json);
  }
}

/** `JSON.stringify(value)`, with each SerialisedArray in it written as the JSON it holds. */
export function stringifySpliced(value: unknown): string | undefined {
  met.length = 0; // what a call that threw met, if any
  splicing = true;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } finally {
    splicing = false;
  }
  if (met.length === 0) return text;
  for (const a of met) if (text !== undefined) text = a.putInto(text);
  met.length = 0;
  return text;
}
