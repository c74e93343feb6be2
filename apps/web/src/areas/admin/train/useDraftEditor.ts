// The draft state the scheme editor and paper builder share: live checks, the server's 400 fields and 保存.
import { useMemo, useState } from 'react';
import { App as AntApp } from 'antd';
import { useNavigate } from 'react-router';
import type { FieldError, Scheme, TrainRepo } from '@edu/contract';
import { isEnvelopeError } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard';
import { fieldStatus } from './IssueText';
import { issueCount, mergeIssues, serverIssues, type Issues } from './scheme-model';

/** The 400 `fields` of an envelope error, if any. */
export function fieldsOfError(e: unknown): FieldError[] {
  if (!isEnvelopeError(e, 400)) return [];
  return (e as { response?: { fields?: FieldError[] } | null }).response?.fields ?? [];
}

/** The repository a new draft starts in: the hinted own one, else the first own one ('' when there is none). */
export function startRepoId(repos: TrainRepo[], hint: string | null) {
  const owned = repos.filter((r) => r.owned);
  return owned.find((r) => r.id === hint)?.id ?? owned[0]?.id ?? '';
}

export interface DraftEditorOptions<D> {
  /** The stored scheme, null for a new one: one in a repository of another agency is only to be viewed. */
  scheme: Scheme | null;
  repos: TrainRepo[];
  initial: D | (() => D);
  /** The checks of a draft; `checking` turns true at the first 保存. Keep it stable (a module function). */
  validate: (draft: D, checking: boolean) => Issues;
  /** Sends the draft to the server. */
  send: (draft: D) => Promise<unknown>;
  /** The message when the checks refuse 保存. */
  invalid: string;
  /** The message when the server took the draft. */
  done: string;
}

export type DraftEditor<D> = ReturnType<typeof useDraftEditor<D>>;

/**
 * The draft, its issues and 保存: after a save the scheme lists are refreshed and the page goes to the list. Leaving
 * with changes not saved asks first (docs/web.md "Unsaved changes").
 */
export function useDraftEditor<D>({ scheme, repos, initial, validate, send, invalid, done }: DraftEditorOptions<D>) {
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const [start] = useState(initial);
  const [draft, setDraft] = useState(start);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(start), [draft, start]);
  const guard = useUnsavedGuard(dirty);
  const [checking, setChecking] = useState(false);
  const [server, setServer] = useState<Issues>({});
  const live = useMemo(() => validate(draft, checking), [validate, draft, checking]);
  const issues = mergeIssues(live, server);
  const noOwnedRepo = !repos.some((r) => r.owned);
  const readOnly = scheme !== null && !repos.some((r) => r.owned && r.id === scheme.trainRepoId);
  /** Any change clears the server's messages. */
  const update = (f: (d: D) => D) => {
    setServer({});
    setDraft(f);
  };
  /** The Form.Item status of the messages at `path` (and below it with `under`). */
  const at = (path: string, under = false) => fieldStatus(issues, path, under);

  const write = useApiMutation({
    mutationFn: send,
    success: done,
    invalidates: [['schemes'], ['scheme']],
    onSuccess: () => {
      // Saved: the way to the list (or anywhere) is free.
      guard.release();
      return navigate('/admin/train/list');
    },
    // Besides the toast, the server's 400 field messages go on their fields.
    onError: (e) => {
      const fields = fieldsOfError(e);
      if (fields.length) setServer(serverIssues(fields));
    },
  });

  function save() {
    setChecking(true);
    if (issueCount(validate(draft, true)) > 0) {
      void message.error(invalid);
      return;
    }
    write.mutate(draft);
  }

  return { draft, issues, readOnly, noOwnedRepo, saving: write.isPending, update, at, save };
}
