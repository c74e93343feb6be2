// admin/train/create/{type} and admin/train/edit/{id}/{type}: the scheme editor. Structure is checked live with
// the engine's validateScheme, shapes with the contract's SchemeFields after the first 保存, and the server's 400
// fields land on the same places. A paper opens the paper builder instead (its shape is fixed).
import { useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { API, type FieldError, type Scheme, type TrainRepo } from '@edu/contract';
import { errorText, isEnvelopeError } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { fieldStatus } from './IssueText';
import { KpMultiPicker } from './KpMultiPicker';
import { PhaseCard } from './PhaseCard';
import { useScheme, useTrainRepos } from './queries';
import * as M from './scheme-model';
import { editPath } from './SchemeTable';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.editor;

/** The 400 `fields` of an envelope error, if any. */
export function fieldsOfError(e: unknown): FieldError[] {
  if (!isEnvelopeError(e, 400)) return [];
  return (e as { response?: { fields?: FieldError[] } | null }).response?.fields ?? [];
}

function Editor({ scheme, repos }: { scheme: Scheme | null; repos: TrainRepo[] }) {
  const call = useCall();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = AntApp.useApp();
  const [search] = useSearchParams();
  const owned = repos.filter((r) => r.owned);
  const readOnly = scheme !== null && !owned.some((r) => r.id === scheme.trainRepoId);
  const [draft, setDraft] = useState<M.SchemeDraft>(() =>
    scheme ? M.draftOf(scheme) : M.emptyDraft(owned.find((r) => r.id === search.get('repo'))?.id ?? owned[0]?.id ?? ''),
  );
  const [checking, setChecking] = useState(false);
  const [server, setServer] = useState<M.Issues>({});
  const [saving, setSaving] = useState(false);
  const live = useMemo(() => M.validateDraft(draft, checking), [draft, checking]);
  const issues = M.mergeIssues(live, server);
  const count = M.issueCount(issues);
  const update = (f: (d: M.SchemeDraft) => M.SchemeDraft) => {
    setServer({});
    setDraft(f);
  };
  const at = (path: string, under = false) => fieldStatus(issues, path, under);

  async function save() {
    setChecking(true);
    if (M.issueCount(M.validateDraft(draft, true)) > 0) {
      void message.error(T.invalid);
      return;
    }
    setSaving(true);
    try {
      const body = M.fieldsOf(draft);
      if (scheme) await call(API.schemeUpdate, { params: { id: scheme.schemeId }, body: { request: body } });
      else await call(API.schemeCreate, { body: { request: body } });
      void message.success(scheme ? T.saved : T.created);
      await queryClient.invalidateQueries({ queryKey: ['schemes'] });
      await queryClient.invalidateQueries({ queryKey: ['scheme'] });
      await navigate('/admin/train/list');
    } catch (e) {
      const fields = fieldsOfError(e);
      if (fields.length) setServer(M.serverIssues(fields));
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  const removePhase = (i: number) =>
    void modal.confirm({
      title: T.removePhaseTitle(draft.phases[i].phase || T.phase(i + 1)),
      content: T.removePhaseBody(draft.phases[i].points.length),
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: TRAIN_TEXTS.cancel,
      onOk: () => update((d) => M.removePhase(d, i)),
    });

  const initPhase = draft.phases.find((p) => p.phase === draft.initPhase);
  const summary = Object.entries(issues).flatMap(([path, list]) =>
    list.map((m) => ({ key: `${path}:${m}`, place: M.issuePlace(path), message: m })),
  );
  return (
    <Card
      title={readOnly ? T.viewTitle : scheme ? T.editTitle : T.createTitle}
      extra={
        <Space>
          <Button onClick={() => void navigate('/admin/train/list')}>{TRAIN_TEXTS.back}</Button>
          {!readOnly && (
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {T.save}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && <Alert type="info" showIcon title={T.readOnly} style={{ marginBottom: 16 }} />}
      {!readOnly && owned.length === 0 && (
        <Alert type="warning" showIcon title={T.noOwnedRepo} style={{ marginBottom: 16 }} />
      )}
      <Form layout="vertical" component={false} disabled={readOnly}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={T.title} required {...at('title')}>
              <Input
                aria-label={T.title}
                placeholder={T.titlePlaceholder}
                value={draft.title}
                maxLength={100}
                onChange={(e) => update((d) => ({ ...d, title: e.target.value }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={T.repo} required {...at('trainRepoId')}>
              <Select
                aria-label={T.repo}
                value={draft.trainRepoId || undefined}
                options={repos.map((r) => ({ value: r.id, label: r.name, disabled: !r.owned }))}
                onChange={(trainRepoId: string) => update((d) => ({ ...d, trainRepoId }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={T.timeLimit} {...at('timeLimit')} extra={T.timeLimitHelp}>
              <InputNumber
                aria-label={T.timeLimit}
                min={0}
                value={M.toMinutes(draft.timeLimit)}
                onChange={(v) => update((d) => ({ ...d, timeLimit: M.toSeconds(v) }))}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={T.kpRange} {...at('kpRange', true)} extra={T.kpRangeHelp}>
              <KpMultiPicker
                label={T.kpRange}
                placeholder={T.allKps}
                value={draft.kpRange}
                onChange={(kpRange) => update((d) => ({ ...d, kpRange }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={T.initPhase} required {...at('initPhase')}>
              <Select
                aria-label={T.initPhase}
                value={draft.initPhase || undefined}
                options={[...new Set(draft.phases.map((p) => p.phase))].map((n) => ({ value: n, label: n }))}
                onChange={(name: string) => update((d) => M.setInitPhase(d, name))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={T.initPoint} required {...at('initPoint')}>
              <Select
                aria-label={T.initPoint}
                value={draft.initPoint || undefined}
                options={[...new Set(initPhase?.points.map((p) => p.name) ?? [])].map((n) => ({ value: n, label: n }))}
                onChange={(initPoint: string) => update((d) => ({ ...d, initPoint }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {summary.length > 0 ? (
          <Alert
            type="error"
            showIcon
            className="scheme-issues"
            style={{ marginBottom: 16 }}
            title={T.issues(count)}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {summary.map((s) => (
                  <li key={s.key}>{s.place ? `${s.place}：${s.message}` : s.message}</li>
                ))}
              </ul>
            }
          />
        ) : (
          !readOnly && <Alert type="success" showIcon title={T.valid} style={{ marginBottom: 16 }} />
        )}
        {draft.phases.map((phase, i) => (
          <PhaseCard
            key={phase.key}
            index={i}
            count={draft.phases.length}
            phase={phase}
            kpRange={draft.kpRange}
            issues={issues}
            onRename={(name) => update((d) => M.renamePhase(d, i, name))}
            onChange={(patch) => update((d) => M.setPhase(d, i, patch))}
            onMove={(to) => update((d) => M.movePhase(d, i, to))}
            onRemove={() => removePhase(i)}
            onPoint={(j, patch) => update((d) => M.setPoint(d, i, j, patch))}
            onRenamePoint={(j, name) => update((d) => M.renamePoint(d, i, j, name))}
            onMovePoint={(j, to) => update((d) => M.movePoint(d, i, j, to))}
            onRemovePoint={(j) => update((d) => M.removePoint(d, i, j))}
            onAddPoint={() => update((d) => M.addPoint(d, i))}
          />
        ))}
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => update(M.addPhase)}>
          {T.addPhase}
        </Button>
      </Form>
    </Card>
  );
}

/** admin/train/create/{type}: `general` opens an empty editor, `paper` the paper builder. */
export function SchemeCreatePage() {
  const { type = 'general' } = useParams();
  const [search] = useSearchParams();
  const repos = useTrainRepos();
  if (type === 'paper') return <Navigate replace to={`/admin/train/create/paper/new/${search.get('repo') ?? '0'}`} />;
  if (type !== 'general') return <ResultPage status="warning" title={T.unknownType} />;
  if (repos.isPending) return <PageSpinner />;
  if (repos.isError)
    return <ResultPage status="error" title={TRAIN_TEXTS.loadFailed} subTitle={errorText(repos.error)} />;
  return <Editor scheme={null} repos={repos.data.list} />;
}

/** admin/train/edit/{id}/{type}: the scheme as stored; a paper goes to the paper builder. */
export function SchemeEditPage() {
  const { id } = useParams();
  const scheme = useScheme(id);
  const repos = useTrainRepos();
  if (scheme.data?.type === 'paper') return <Navigate replace to={editPath(scheme.data)} />;
  if (scheme.isPending || repos.isPending) return <PageSpinner />;
  if (scheme.isError || repos.isError)
    return (
      <ResultPage status="error" title={TRAIN_TEXTS.loadFailed} subTitle={errorText(scheme.error ?? repos.error)} />
    );
  return <Editor key={scheme.data.schemeId} scheme={scheme.data} repos={repos.data.list} />;
}
