// admin/train/create/paper/{type}/{info}: the paper builder. `type` = `new` (info: the train repository to
// preselect, `0` = the first own one) or `edit` (info: the paper's schemeId). Questions are picked from the bank,
// ordered and submitted through POST /v1/train/scheme/ordered/submit (with schemeId when editing).
import { useMemo, useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { API, OrderedSchemeSubmit, type Question, type Scheme, type TrainRepo } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { TYPE_LABELS } from '../../../components/texts';
import { fieldStatus, IssueText } from './IssueText';
import { KpMultiPicker } from './KpMultiPicker';
import { QuestionPicker, questionLabel } from './QuestionPicker';
import { questionsByIds, useScheme, useTrainRepos } from './queries';
import { fieldsOfError } from './SchemeEditorPage';
import { issuesAt, issueCount, mergeIssues, serverIssues, toMinutes, toSeconds, type Issues } from './scheme-model';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.paper;
const E = TRAIN_TEXTS.editor;

export interface PaperItem {
  id: string;
  label: string;
  type?: Question['type'];
  manual?: boolean;
}

export interface PaperDraft {
  title: string;
  trainRepoId: string;
  kpRange: string[];
  timeLimit: number;
  items: PaperItem[];
}

export const itemOf = (q: Question): PaperItem => ({
  id: q.id,
  label: questionLabel(q),
  type: q.type,
  manual: q.judgeType === 'manual',
});

/** The submission of a draft (`schemeId` when editing). */
export function paperRequest(d: PaperDraft, schemeId?: string) {
  return {
    title: d.title.trim(),
    kpRange: d.kpRange,
    timeLimit: d.timeLimit,
    questionIds: d.items.map((i) => i.id),
    trainRepoId: d.trainRepoId,
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

const move = <V,>(list: V[], from: number, to: number) => {
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

function Builder({ scheme, initial, repos }: { scheme: Scheme | null; initial: PaperDraft; repos: TrainRepo[] }) {
  const call = useCall();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = AntApp.useApp();
  const owned = repos.filter((r) => r.owned);
  const readOnly = scheme !== null && !owned.some((r) => r.id === scheme.trainRepoId);
  const [draft, setDraft] = useState(initial);
  const [checking, setChecking] = useState(false);
  const [server, setServer] = useState<Issues>({});
  const [saving, setSaving] = useState(false);
  const live = useMemo(() => (checking ? validatePaper(draft) : {}), [draft, checking]);
  const issues = mergeIssues(live, server);
  const chosen = useMemo(() => new Set(draft.items.map((i) => i.id)), [draft.items]);
  const update = (patch: Partial<PaperDraft>) => {
    setServer({});
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setItems = (f: (items: PaperItem[]) => PaperItem[]) => {
    setServer({});
    setDraft((d) => ({ ...d, items: f(d.items) }));
  };

  async function submit() {
    setChecking(true);
    if (issueCount(validatePaper(draft)) > 0) {
      void message.error(T.invalid);
      return;
    }
    setSaving(true);
    try {
      await call(API.schemeOrderedSubmit, { body: { request: paperRequest(draft, scheme?.schemeId) } });
      void message.success(scheme ? T.saved : T.created);
      await queryClient.invalidateQueries({ queryKey: ['schemes'] });
      await queryClient.invalidateQueries({ queryKey: ['scheme'] });
      await navigate('/admin/train/list');
    } catch (e) {
      const fields = fieldsOfError(e);
      if (fields.length) setServer(serverIssues(fields));
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  const at = (path: string, under = false) => fieldStatus(issues, path, under);
  return (
    <Card
      title={scheme ? (readOnly ? E.viewTitle : T.editTitle) : T.createTitle}
      extra={
        <Space>
          <Button onClick={() => void navigate('/admin/train/list')}>{TRAIN_TEXTS.back}</Button>
          {!readOnly && (
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {T.submit}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && <Alert type="info" showIcon title={E.readOnly} style={{ marginBottom: 16 }} />}
      {!readOnly && owned.length === 0 && (
        <Alert type="warning" showIcon title={E.noOwnedRepo} style={{ marginBottom: 16 }} />
      )}
      <Form layout="vertical" component={false} disabled={readOnly}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item label={T.title} required {...at('title')}>
              <Input
                aria-label={T.title}
                placeholder={T.titlePlaceholder}
                value={draft.title}
                maxLength={100}
                onChange={(e) => update({ title: e.target.value })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item label={E.repo} required {...at('trainRepoId')}>
              <Select
                aria-label={E.repo}
                value={draft.trainRepoId || undefined}
                options={repos.map((r) => ({ value: r.id, label: r.name, disabled: !r.owned }))}
                onChange={(trainRepoId: string) => update({ trainRepoId })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label={E.timeLimit} {...at('timeLimit')} extra={E.timeLimitHelp}>
              <InputNumber
                aria-label={E.timeLimit}
                min={0}
                value={toMinutes(draft.timeLimit)}
                onChange={(v) => update({ timeLimit: toSeconds(v) })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item label={E.kpRange} {...at('kpRange', true)}>
              <KpMultiPicker
                label={E.kpRange}
                placeholder={E.allKps}
                value={draft.kpRange}
                onChange={(kpRange) => update({ kpRange })}
              />
            </Form.Item>
          </Col>
        </Row>
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
            <Card size="small" title={T.questions} extra={T.count(draft.items.length)} className="paper-questions">
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
                        <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {item.label}
                        </div>
                        <Space size={4}>
                          {item.type && <Tag>{TYPE_LABELS[item.type]}</Tag>}
                          {item.manual && <Tag color="orange">{T.manual}</Tag>}
                        </Space>
                        <IssueText messages={issuesAt(issues, `questionIds.${k}`)} />
                      </div>
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
      </Form>
    </Card>
  );
}

function NewPaper({ repoHint }: { repoHint: string }) {
  const repos = useTrainRepos();
  if (repos.isPending) return <PageSpinner />;
  if (repos.isError)
    return <ResultPage status="error" title={TRAIN_TEXTS.loadFailed} subTitle={errorText(repos.error)} />;
  const owned = repos.data.list.filter((r) => r.owned);
  const initial: PaperDraft = {
    title: '',
    trainRepoId: owned.find((r) => r.id === repoHint)?.id ?? owned[0]?.id ?? '',
    kpRange: [],
    timeLimit: 0,
    items: [],
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
  const initial: PaperDraft = {
    title: s.title,
    trainRepoId: s.trainRepoId,
    kpRange: s.kpRange,
    timeLimit: s.timeLimit,
    items: ids.map((qid) => {
      const q = byId.get(qid);
      return q ? itemOf(q) : { id: qid, label: `#${qid} ${T.missing}` };
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
