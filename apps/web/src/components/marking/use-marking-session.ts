// The state of the marking workbench (docs/marking.md "Pages"): the training's answers, the one shown, the drafts
// typed on each, the claim of the answer shown and the save that moves on to the next answer.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MarkingItem, MarkRequest } from '@edu/contract';
import { errorText } from '../../api/client';
import { useUnsavedGuard } from '../useUnsavedGuard';
import { draftOf, type MarkDraft } from './marking-draft';
import { useMarkingTraining, useMarkingWrites } from './queries';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

/** A message raised on one answer: it stays with that answer when the marker moves on. */
interface AnswerFailure {
  recordId: string;
  message: string;
}

export function useMarkingSession(taskId: string, trainId: string) {
  const training = useMarkingTraining(taskId, trainId);
  const { claim, mark } = useMarkingWrites(taskId, trainId);
  const [index, setIndex] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, MarkDraft>>({});
  const [claimFailure, setClaimFailure] = useState<AnswerFailure | null>(null);
  const [formFailure, setFormFailure] = useState<AnswerFailure | null>(null);
  const items = useMemo(() => training.data?.items ?? [], [training.data]);
  const item = items[Math.min(index, Math.max(items.length - 1, 0))] as MarkingItem | undefined;
  const recordId = item?.recordId;
  const draft = item ? (drafts[item.recordId] ?? draftOf(item)) : undefined;
  const claimError = claimFailure && claimFailure.recordId === recordId ? claimFailure.message : null;
  const formError = formFailure && formFailure.recordId === recordId ? formFailure.message : null;
  const locked = claimError !== null;
  // A mark typed and not saved (on any answer of the training) makes leaving ask first (docs/web.md "Unsaved changes").
  const unsaved = useMemo(
    () =>
      items.some((it) => it.recordId in drafts && JSON.stringify(drafts[it.recordId]) !== JSON.stringify(draftOf(it))),
    [items, drafts],
  );
  useUnsavedGuard(unsaved);

  // Claim the answer shown (or renew the claim), once per answer shown; another marker's claim locks saving.
  useEffect(() => {
    if (!recordId) return;
    let live = true;
    claim.mutateAsync(recordId).catch((e: unknown) => {
      if (live) setClaimFailure({ recordId, message: errorText(e) });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- claim once per answer shown
  }, [recordId]);

  const setDraft = (change: Partial<MarkDraft>) => {
    if (!item || !draft) return;
    setDrafts((d) => ({ ...d, [item.recordId]: { ...draft, ...change } }));
  };

  const go = useCallback(
    (delta: number) => setIndex((i) => Math.min(Math.max(i + delta, 0), Math.max(items.length - 1, 0))),
    [items.length],
  );

  const save = useCallback(async () => {
    if (!item || !draft || mark.isPending || locked) return;
    const reading = item.type === 'enReading';
    const fail = (message: string) => setFormFailure({ recordId: item.recordId, message });
    if (!reading && (draft.score === null || draft.score > item.maxScore)) return fail(T.scoreRequired(item.maxScore));
    if (reading && item.subQuestions.some((s) => typeof draft.subMarks[s.questionSubId] !== 'boolean'))
      return fail(T.subRequired);
    setFormFailure(null);
    const request: MarkRequest = {
      comment: draft.comment,
      annotations: draft.annotations,
      ...(reading ? { subMarks: draft.subMarks } : { score: draft.score ?? 0 }),
    };
    const ok = await mark.run({ recordId: item.recordId, request });
    if (ok) {
      setDrafts((d) => {
        const next = { ...d };
        delete next[item.recordId];
        return next;
      });
      go(1);
    }
  }, [item, draft, mark, go, locked]);

  return {
    training,
    items,
    index,
    item,
    draft,
    claimError,
    formError,
    locked,
    saving: mark.isPending,
    setDraft,
    go,
    save,
  };
}
