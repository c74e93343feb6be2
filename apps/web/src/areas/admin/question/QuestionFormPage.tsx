// question/create/{type}/{from?} and question/edit/{id}: one form with per-type editors, validated by the contract.
import { useCallback, useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Form, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { QuestionType, type Question, type QuestionSub, type ReadingSubAction } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../../api/mutation';
import { questionKeys } from '../../../api/query-keys';
import { useAppConfig, useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import RichTextEditor from '../../../components/rich-text/RichTextEditor';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard';
import { AnswerEditor, answerLabel } from './AnswerEditor';
import { FieldError } from './FieldError';
import { JudgeTypeField, KnowledgeFields, RepoField, VideoFields } from './CommonFields';
import {
  answerDefaults,
  draftFromQuestion,
  emptyDraft,
  emptySub,
  errorsUnder,
  serverFieldErrors,
  validateDraft,
} from './form-model';
import type { Draft, FieldErrors, SubDraft } from './form-model';
import { storePreview } from '../../../components/question/preview-store';
import { SubQuestionsEditor } from './SubQuestionsEditor';
import { FormatPanel } from './reading/FormatPanel';
import { useFormatSession, type FormatSession } from './reading/format-session';
import { GeneratePanel, type DraftGeneration } from './reading/GeneratePanel';
import { READING_TEXTS } from './reading/texts';
import { useQuestion, useRepos } from './queries';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

const T = QUESTION_TEXTS.form;

/** The draft a template question gives a new question of `type` (other types keep only the shared fields). */
function fromTemplate(q: Question, type: QuestionType, repoId: string): Draft {
  const copy = draftFromQuestion(q, true);
  if (q.type === type) return { ...copy, repoId };
  return { ...emptyDraft(type, repoId), ...copy, type, questionSub: [], ...emptyAnswer(type) };
}
const emptyAnswer = (type: QuestionType) => ({ ...answerDefaults(type), judgeType: emptyDraft(type).judgeType });

/** The most sub-questions a question holds (the contract's limit). */
const SUBS_MAX = 50;
/** The blank sub-question a new reading question starts with, not touched yet: generated ones replace it. */
const isBlankStarter = (s: SubDraft) => JSON.stringify(s) === JSON.stringify(emptySub(s.type));
const evidenceOf = (s: { explanation?: string }) => /原文依据：([^<]*)/.exec(s.explanation ?? '')?.[1]?.trim() ?? '';

/**
 * The create page's generation (docs/reading.md "Authoring in one flow"): a finished job's items join the draft as
 * pending sub-questions (replacing the untouched blank one; an item about a sentence the draft asks already is
 * left out), and 采用 / 编辑 / 删除 change the draft; everything is saved, and checked by the server, with the question.
 */
function draftGeneration(draft: Draft, update: (change: (d: Draft) => Partial<Draft>) => void): DraftGeneration {
  const subs: QuestionSub[] = draft.questionSub.flatMap((s) =>
    s.questionSubId ? [{ ...s, questionSubId: s.questionSubId }] : [],
  );
  return {
    article: draft.question,
    subs,
    room: SUBS_MAX - draft.questionSub.filter((s) => !isBlankStarter(s)).length,
    onGenerated: (items) =>
      update((d) => {
        const kept = d.questionSub.filter((s) => !isBlankStarter(s));
        const asked = new Set(kept.map(evidenceOf).filter((e) => e !== ''));
        const ids = new Set(kept.map((s) => s.questionSubId));
        const fresh = items.filter((i) => !ids.has(i.questionSubId) && !asked.has(evidenceOf(i)));
        const added: SubDraft[] = fresh.map((i) => ({ ...i, explanation: i.explanation ?? '' }));
        return { questionSub: [...kept, ...added].slice(0, SUBS_MAX) };
      }),
    onAction: (id, action: ReadingSubAction) => {
      const sub = draft.questionSub.find((s) => s.questionSubId === id);
      if (!sub) return null;
      if (action.action === 'accept' && sub.type === 'translation' && !sub.answer.some((a) => a.trim() !== ''))
        return READING_TEXTS.generate.needsReference;
      update((d) => ({
        questionSub:
          action.action === 'delete'
            ? d.questionSub.filter((s) => s.questionSubId !== id)
            : d.questionSub.map((s) =>
                s.questionSubId !== id
                  ? s
                  : action.action === 'accept'
                    ? { ...s, status: 'accepted' as const }
                    : { ...s, ...action.sub, explanation: action.sub.explanation ?? '' },
              ),
      }));
      return null;
    },
  };
}

interface FormProps {
  initial: Draft;
  editId?: string;
  willVersion?: string;
  /** On create: the repository to preselect (`?repo=`), else the first owned one. */
  preferredRepo?: string | null;
  /** Told on the first change of the draft (the reading panels wait for a save). */
  onDirty?: () => void;
  /** 格式化文章's state, kept by the edit page across rebuilds of the form. */
  formatSession?: FormatSession;
}

function QuestionForm({ initial, editId, willVersion, preferredRepo, onDirty, formatSession }: FormProps) {
  const call = useCall();
  const navigate = useNavigate();
  const { agencyId } = useAppConfig();
  const { message } = AntApp.useApp();
  const [own, setDraft] = useState<Draft>(initial);
  // Leaving with changes not saved asks first (docs/web.md "Unsaved changes").
  const guard = useUnsavedGuard(useMemo(() => JSON.stringify(own) !== JSON.stringify(initial), [own, initial]));
  const repos = useRepos();
  const owned = (repos.data?.list ?? []).filter((r) => r.owned);
  // The repository is preselected once the list is there; it is the author's choice from then on.
  const repoId = own.repoId || (owned.find((r) => r.id === preferredRepo) ?? owned[0])?.id || '';
  const draft: Draft = editId ? own : { ...own, repoId };
  // After the first failed save the messages follow the draft: a fixed field loses its message at once.
  const [checking, setChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const create = editId ? null : { agencyId };
  const live = checking ? validateDraft(draft, create) : null;
  const errors: FieldErrors = { ...(live && !live.ok ? live.errors : {}), ...serverErrors };
  const set = (patch: Partial<Draft>) => {
    setServerErrors({});
    onDirty?.();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const change = useCallback(
    (fn: (d: Draft) => Partial<Draft>) => {
      setServerErrors({});
      onDirty?.();
      setDraft((d) => ({ ...d, ...fn(d) }));
    },
    [onDirty],
  );
  const err = (path: string) => errorsUnder(errors, path)[0];
  const fields = { draft, set, errors };

  const write = useApiMutation({
    mutationFn: (body: Extract<ReturnType<typeof validateDraft>, { ok: true }>['body']) =>
      editId
        ? call(API.questionUpdate, { params: { id: editId }, body: { request: body } })
        : call(API.questionCreate, { body: { request: { ...body, agencyId, repoId: draft.repoId } } }),
    success: T.saved,
    invalidates: (saved) => [
      questionKeys.lists(),
      questionKeys.detail(agencyId, saved.id),
      questionKeys.editable(agencyId, saved.id),
    ],
    onSuccess: (saved) => {
      guard.release();
      return navigate(`/admin/question/preview/${saved.id}`);
    },
    // Besides the toast, the server's 400 field messages go on their fields.
    onError: (e) => {
      const fieldList = fieldErrorsOf(e);
      if (fieldList.length) setServerErrors(serverFieldErrors(fieldList));
    },
  });

  function save() {
    const checked = validateDraft(draft, create);
    setChecking(true);
    if (!checked.ok) {
      void message.error(T.invalid);
      return;
    }
    write.mutate(checked.body);
  }

  function preview() {
    storePreview({
      ...draft,
      questionSub: draft.questionSub.map((s, i) => ({ ...s, questionSubId: s.questionSubId ?? `sub-${i + 1}` })),
    });
    window.open('/public/question/preview', '_blank', 'noopener');
  }

  const isReading = draft.type === 'enReading';
  return (
    <Form layout="vertical" style={{ maxWidth: 960 }} onFinish={save}>
      {willVersion && <Alert type="warning" showIcon title={willVersion} style={{ marginBottom: 16 }} />}
      {!editId && <RepoField {...fields} />}
      <Form.Item label={T.title} validateStatus={err('title') ? 'error' : undefined} help={err('title')}>
        <Input
          aria-label={T.title}
          placeholder={T.titlePlaceholder}
          value={draft.title}
          onChange={(e) => set({ title: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={isReading ? T.article : T.question} required>
        <RichTextEditor
          label={isReading ? T.article : T.question}
          value={draft.question}
          error={!!err('question')}
          onChange={(question) => set({ question })}
        />
        <FieldError messages={errorsUnder(errors, 'question')} />
      </Form.Item>
      {isReading && <FormatPanel article={draft.question} session={formatSession} />}
      {isReading && !editId && <GeneratePanel draft={draftGeneration(draft, change)} />}
      <JudgeTypeField {...fields} />
      {isReading ? (
        <Form.Item label={T.subQuestions} required>
          <SubQuestionsEditor
            value={draft.questionSub}
            onChange={(questionSub) => set({ questionSub })}
            errors={errors}
          />
        </Form.Item>
      ) : (
        <Form.Item label={answerLabel(draft.type, draft.options.length > 0)} required>
          <AnswerEditor
            type={draft.type}
            options={draft.options}
            answer={draft.answer}
            onChange={(next) => set(next)}
            errors={errors}
            prefix=""
          />
        </Form.Item>
      )}
      <Form.Item label={T.explanation}>
        <RichTextEditor
          label={T.explanation}
          value={draft.explanation}
          onChange={(explanation) => set({ explanation })}
        />
        <FieldError messages={errorsUnder(errors, 'explanation')} />
      </Form.Item>
      <KnowledgeFields {...fields} />
      <VideoFields {...fields} />
      <Space>
        <Button type="primary" htmlType="submit" loading={write.isPending}>
          {T.save}
        </Button>
        <Button onClick={preview}>{T.preview}</Button>
        <Button onClick={() => void navigate(-1)}>{T.cancel}</Button>
      </Space>
    </Form>
  );
}

export function QuestionCreatePage() {
  const { type = '', from } = useParams();
  const [search] = useSearchParams();
  const template = useQuestion(from);
  const parsed = QuestionType.safeParse(type);
  if (!parsed.success) return <ResultPage status="warning" title={T.unknownType} subTitle={type} />;
  if (from && template.isPending) return <PageSpinner />;
  if (template.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(template.error)} />;
  const initial = template.data ? fromTemplate(template.data, parsed.data, '') : emptyDraft(parsed.data);
  const label = TYPE_LABELS[parsed.data];
  return (
    <Card title={from ? T.copyTitle(label) : T.createTitle(label)}>
      <QuestionForm key={`${type}/${from ?? ''}`} initial={initial} preferredRepo={search.get('repo')} />
    </Card>
  );
}

export function QuestionEditPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const [dirty, setDirty] = useState(false);
  const formatSession = useFormatSession();
  const { agencyId } = useAppConfig();
  const question = useQuestion(id);
  const editable = useQuery({
    queryKey: questionKeys.editable(agencyId, id),
    queryFn: () => call(API.questionEditable, { params: { id } }),
  });
  // The form is rebuilt from the stored question whenever it changes (a generation or a review action writes it),
  // so that a later save keeps those sub-questions; never while the teacher has unsaved changes.
  const stored = question.data ? `${question.data.id}/${question.data.version}/${question.data.lastUpdate}` : '';
  const [formKey, setFormKey] = useState(stored);
  if (stored !== formKey && (!dirty || formKey === '')) setFormKey(stored);
  if (question.isPending || editable.isPending) return <PageSpinner />;
  if (question.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(question.error)} />;
  if (editable.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(editable.error)} />;
  const q = question.data;
  const e = editable.data;
  return (
    <Card title={`${T.editTitle} · ${TYPE_LABELS[q.type]}`}>
      {!e.editable ? (
        <Alert type="info" showIcon title={T.readOnly} description={e.reason ?? undefined} />
      ) : (
        <>
          <QuestionForm
            key={formKey}
            initial={draftFromQuestion(q)}
            editId={q.id}
            willVersion={e.willVersion ? T.willVersion(e.records, e.version) : undefined}
            onDirty={() => setDirty(true)}
            formatSession={formatSession}
          />
          {q.type === 'enReading' && <GeneratePanel questionId={q.id} dirty={dirty} onSaved={() => setDirty(false)} />}
        </>
      )}
    </Card>
  );
}
