// The questions shown next by answers' statements, kept by this process with their version (the row versions,
// `xmin`, of the question and of its knowledge point), so that the statement sends a question's columns only when
// the version it finds is not the one this process keeps (docs/practice-engine.md "The training service"). The tag
// names change without either row (a tag renamed): the statement reads them with every answer. An entry is taken when its answer is queued and held by that answer, so a newer version kept meanwhile by
// another answer does not leave the first without its question.
import { setNewest } from '../../lib/bounded-map.js';
import type { QuestionRow } from '../questions/question-reads.js';

/** A question as kept: its columns and the version they were read at. */
export interface KeptQuestion {
  version: string;
  row: QuestionRow;
}

export class QuestionCopies {
  private readonly rows = new Map<number, KeptQuestion>();
  /** Questions the statements sent, and questions shown from a kept copy: for tests and benches. */
  readonly counts = { sent: 0, kept: 0 };

  /** `maxEntries` questions at most, the least recently kept dropped first; 0 keeps none. */
  constructor(private readonly maxEntries: number) {}

  /** The copy kept of the question, if any (the version the statement compares with). */
  get(id: number): KeptQuestion | undefined {
    return this.rows.get(id);
  }

  /**
   * The question the statement showed next: the columns it sent (kept from now on), or else the copy it was given
   * (`known`, of the version it found), with the tag names read now. Null when the statement found no question.
   */
  shown(
    found: { version: string | null; sent: QuestionRow | null; tagNames: string[] },
    known: KeptQuestion | undefined,
  ): QuestionRow | null {
    const { version, sent, tagNames } = found;
    if (version === null) return null;
    if (sent) {
      this.counts.sent++;
      setNewest(this.rows, sent.id, { version, row: sent }, this.maxEntries);
      return sent;
    }
    // The statement leaves the columns out only when the version it found is the one it was given.
    if (known?.version !== version) throw new Error(`question ${version} was neither sent nor kept`);
    this.counts.kept++;
    return sameNames(known.row.tagNames, tagNames) ? known.row : { ...known.row, tagNames };
  }
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
