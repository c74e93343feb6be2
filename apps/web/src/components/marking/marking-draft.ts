// A mark being typed on one answer of the workbench (docs/marking.md "Pages"): score, comment, annotations and, for a
// reading question, right or wrong per sub-question; it starts from the answer's saved mark.
import type { MarkingAnnotation, MarkingItem } from '@edu/contract';

export interface MarkDraft {
  score: number | null;
  comment: string;
  annotations: MarkingAnnotation[];
  subMarks: Record<string, boolean>;
}

/** The draft of an answer nobody has changed yet: its saved mark, or an empty one. */
export const draftOf = (item: MarkingItem): MarkDraft => ({
  score: item.mark?.score ?? null,
  comment: item.mark?.comment ?? '',
  annotations: item.mark?.annotations ?? [],
  subMarks: Object.fromEntries(
    item.subQuestions.filter((s) => s.isCorrect !== null).map((s) => [s.questionSubId, s.isCorrect === true]),
  ),
});

/** Half of the question's mark, to a quarter point: 0.5 of 1, 7.5 of 15. */
export const half = (max: number) => Math.round(max * 2) / 4;
