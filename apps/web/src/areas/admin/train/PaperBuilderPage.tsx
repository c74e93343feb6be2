// admin/train/create/paper/{type}/{info}: the paper builder. `type` = `new` (info: the train repository to
// preselect, `0` = the first own one) or `edit` (info: the paper's schemeId). Questions are picked from the bank,
// ordered, given their marks (分值, docs/practice-engine.md "Marks") and submitted through
// POST /v1/train/scheme/ordered/submit (with schemeId when editing).
import { useMemo } from 'react';
import { Button, Card, Col, Empty, InputNumber, Row, Space, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  DEFAULT_MARK,
  MARK_STEP,
  MAX_MARK,
  MIN_MARK,
  OrderedSchemeSubmit,
  type Question,
  type Scheme,
  type TrainRepo,
} from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { TYPE_LABELS } from '../../../components/texts';
import { BasicsFields } from './BasicsFields';
import { EditorCard } from './EditorCard';
import { IssueText } from './IssueText';
import { QuestionPicker, questionLabel } from './QuestionPicker';
import { ReleaseCorrections, ReviewOptionsFields, type ReviewDraft } from './ReviewOptions';
import { questionsByIds, useScheme, useTrainRepos } from './queries';
import { issuesAt, type Issues } from './scheme-model';
import { TRAIN_TEXTS } from './texts';
import { startRepoId, useDraftEditor } from './useDraftEditor';

const T = TRAIN_TEXTS.paper;
const E = TRAIN_TEXTS.editor;

export interface PaperItem {
  id: string;
  label: string;
  type?: Question['type'];
  manual?: boolean;
  /** What the question is worth (1 unless set); 0 while the field is cleared (refused by the check). */
  mark: number;
}

export interface PaperDraft extends ReviewDraft {
  title: string;
  trainRepoId: string;
  kpRange: string[];
  timeLimit: number;
  items: PaperItem[];
}

export const itemOf = (q: Question, mark: number = DEFAULT_MARK): PaperItem => ({
  id: q.id,
  label: questionLabel(q),
  type: q.type,
  manual: q.judgeType === 'manual',
  mark,
});

/** The paper's total marks. */
export const totalMarks = (items: readonly PaperItem[]) =>
  Math.round(items.reduce((sum, i) => sum + i.mark, 0) * 100) / 100;

/** The marks other than 1, by question id: what the submission carries (1 is the default). */
function marksOf(items: readonly PaperItem[]): Record<string, number> | undefined {
  const marks = items.filter((i) => i.mark !== DEFAULT_MARK).map((i) => [i.id, i.mark] as const);
  return marks.length ? Object.fromEntries(marks) : undefined;
}

/** The submission of a draft (`schemeId` when editing). */
export function paperRequest(d: PaperDraft, schemeId?: string) {
  return {
    title: d.title.trim(),
    kpRange: d.kpRange,
    timeLimit: d.timeLimit,
    questionIds: d.items.map((i) => i.id),
    ...(marksOf(d.items) ? { marks: marksOf(d.items) } : {}),
    trainRepoId: d.trainRepoId,
    reviewAfter: d.reviewAfter,
    showScore: d.showScore,
    ...(schemeId ? { schemeId } : {}),
  };
}

/** The contract's checks of a submission, keyed like the server's 400 fields. */
export function validatePaper(d: PaperDraft): Issues {
  const out: Issues = {};
  const parsed = OrderedSchemeSubmit.safeParse(paperRequest(d));
  if (!parsed.success)
    for (const i of parsed.error.issues)
      if (i.path[0] !== 'trainRepoId') (out[i.path.join('.')] ??= []).push(i.message);
  if (!d.trainRepoId) out.trainRepoId = ['请选择方案库'];
  return out;
}

/** The builder's checks: none until the first 保存. */
const checkPaper = (d: PaperDraft, checking: boolean): Issues => (checking ? validatePaper(d) : {});

const move = <V,>(list: V[], from: number, to: number) => {
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

function Builder({ scheme, initial, repos }: { scheme: Scheme | null; initial: PaperDraft; repos: TrainRepo[] }) {
  const call = useCall();
  const editor = useDraftEditor({
    scheme,
    repos,
    initial,
    validate: checkPaper,
    send: (d) => call(API.schemeOrderedSubmit, { body: { request: paperRequest(d, scheme?.schemeId) } }),
    invalid: T.invalid,
    done: scheme ? T.saved : T.created,
  });
  const { draft, issues, readOnly, update } = editor;
  const chosen = useMemo(() => new Set(draft.items.map((i) => i.id)), [draft.items]);
  const setItems = (f: (items: PaperItem[]) => PaperItem[]) => update((d) => ({ ...d, items: f(d.items) }));

  return (
    <EditorCard
      title={scheme ? (readOnly ? E.viewTitle : T.editTitle) : T.createTitle}
      saveText={T.submit}
      editor={editor}
    >
      <Row gutter={16}>
        <BasicsFields
          editor={editor}
          repos={repos}
          titleLabel={T.title}
          titlePlaceholder={T.titlePlaceholder}
          spans={[10, 5, 4, 5]}
        />
      </Row>
      <ReviewOptionsFields value={draft} onChange={(patch) => update((d) => ({ ...d, ...patch }))} />
      {scheme && <ReleaseCorrections scheme={scheme} readOnly={readOnly} />}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card size="small" title={T.bank}>
            <QuestionPicker
              chosen={chosen}
              disabled={readOnly}
              onAdd={(q) => setItems((items) => (items.some((i) => i.id === q.id) ? items : [...items, itemOf(q)]))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            title={T.questions}
            extra={T.count(draft.items.length, totalMarks(draft.items))}
            className="paper-questions"
          >
            <IssueText messages={issuesAt(issues, 'questionIds')} />
            {draft.items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.questionsEmpty} />
            ) : (
              <ol style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
                {draft.items.map((item, k) => (
                  <li
                    key={item.id}
                    className="paper-item"
                    style={{ display: 'flex', gap: 8, padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}
                  >
                    <span style={{ width: 24, color: 'rgba(0,0,0,0.45)', textAlign: 'right' }}>{k + 1}.</span>
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <div className="paper-item-main">
                        <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {item.label}
                        </div>
                        <Space size={4}>
                          {item.type && <Tag>{TYPE_LABELS[item.type]}</Tag>}
                          {item.manual && <Tag color="orange">{T.manual}</Tag>}
                        </Space>
                      </div>
                      <IssueText messages={issuesAt(issues, `questionIds.${k}`)} />
                      <IssueText messages={issuesAt(issues, `marks.${item.id}`)} />
                    </div>
                    <InputNumber
                      size="small"
                      aria-label={`${T.mark} ${k + 1}`}
                      title={T.markHelp}
                      min={MIN_MARK}
                      max={MAX_MARK}
                      step={MARK_STEP}
                      precision={1}
                      value={item.mark}
                      disabled={readOnly}
                      suffix={T.markUnit}
                      style={{ width: 88, alignSelf: 'flex-start' }}
                      onChange={(v) => setItems((items) => items.map((i, x) => (x === k ? { ...i, mark: v ?? 0 } : i)))}
                    />
                    <Space size={0} style={{ alignSelf: 'flex-start' }}>
                      <Button
                        type="text"
                        size="small"
                        aria-label={`${T.moveUp} ${k + 1}`}
                        icon={<ArrowUpOutlined />}
                        disabled={k === 0}
                        onClick={() => setItems((items) => move(items, k, k - 1))}
                      />
                      <Button
                        type="text"
                        size="small"
                        aria-label={`${T.moveDown} ${k + 1}`}
                        icon={<ArrowDownOutlined />}
                        disabled={k === draft.items.length - 1}
                        onClick={() => setItems((items) => move(items, k, k + 1))}
                      />
                      <Button
                        type="text"
                        size="small"
                        danger
                        aria-label={`${T.remove} ${k + 1}`}
                        icon={<CloseOutlined />}
                        onClick={() => setItems((items) => items.filter((_, x) => x !== k))}
                      />
                    </Space>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </Col>
      </Row>
    </EditorCard>
  );
}

function NewPaper({ repoHint }: { repoHint: string }) {
  const repos = useTrainRepos();
  if (repos.isPending) return <PageSpinner />;
  if (repos.isError)
    return <ResultPage status="error" title={TRAIN_TEXTS.loadFailed} subTitle={errorText(repos.error)} />;
  const initial: PaperDraft = {
    title: '',
    trainRepoId: startRepoId(repos.data.list, repoHint),
    kpRange: [],
    timeLimit: 0,
    items: [],
    reviewAfter: null,
    showScore: 'after-hand-in',
  };
  return <Builder scheme={null} initial={initial} repos={repos.data.list} />;
}

function EditPaper({ id }: { id: string }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const scheme = useScheme(id);
  const repos = useTrainRepos();
  const ids = scheme.data?.phases[0]?.points[0]?.selectors.questionIds ?? [];
  const questions = useQuery({
    queryKey: ['paper-questions', agencyId, id, ids],
    queryFn: () => questionsByIds(call, ids),
    enabled: scheme.data?.type === 'paper',
  });
  if (scheme.data && scheme.data.type !== 'paper')
    return (
      <ResultPage
        status="warning"
        title={T.notPaper}
        extra={<Link to={`/admin/train/edit/${id}/general`}>{T.openEditor}</Link>}
      />
    );
  const error = scheme.error ?? repos.error ?? questions.error;
  if (error) return <ResultPage status="error" title={TRAIN_TEXTS.loadFailed} subTitle={errorText(error)} />;
  if (scheme.isPending || repos.isPending || questions.isPending) return <PageSpinner />;
  const s = scheme.data!;
  const byId = new Map((questions.data ?? []).map((q) => [q.id, q]));
  const marks = s.phases[0]?.points[0]?.marks ?? {};
  const initial: PaperDraft = {
    title: s.title,
    trainRepoId: s.trainRepoId,
    kpRange: s.kpRange,
    timeLimit: s.timeLimit,
    reviewAfter: s.reviewAfter,
    showScore: s.showScore,
    items: ids.map((qid) => {
      const q = byId.get(qid);
      const mark = marks[qid] ?? DEFAULT_MARK;
      return q ? itemOf(q, mark) : { id: qid, label: `#${qid} ${T.missing}`, mark };
    }),
  };
  return <Builder key={s.schemeId} scheme={s} initial={initial} repos={repos.data!.list} />;
}

export default function PaperBuilderPage() {
  const { type = 'new', info = '0' } = useParams();
  if (type === 'new') return <NewPaper repoHint={info} />;
  if (type === 'edit') return <EditPaper id={info} />;
  return <ResultPage status="warning" title={T.unknownMode} />;
}
