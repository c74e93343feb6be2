// admin/train/create/{type} and admin/train/edit/{id}/{type}: the scheme editor. Structure is checked live with
// the engine's validateScheme, shapes with the contract's SchemeFields after the first 保存, and the server's 400
// fields land on the same places. A paper opens the paper builder instead (its shape is fixed).
import { Alert, App as AntApp, Button, Col, Form, Row, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { type Scheme, type TrainRepo } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { BasicsFields } from './BasicsFields';
import { EditorCard } from './EditorCard';
import { PhaseCard } from './PhaseCard';
import { useScheme, useTrainRepos } from './queries';
import { SimulationButton } from './simulation/SimulationPanel';
import * as M from './scheme-model';
import { editPath } from './SchemeTable';
import { TRAIN_TEXTS } from './texts';
import { startRepoId, useDraftEditor } from './useDraftEditor';

const T = TRAIN_TEXTS.editor;

function Editor({ scheme, repos }: { scheme: Scheme | null; repos: TrainRepo[] }) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const [search] = useSearchParams();
  const editor = useDraftEditor<M.SchemeDraft>({
    scheme,
    repos,
    initial: () => (scheme ? M.draftOf(scheme) : M.emptyDraft(startRepoId(repos, search.get('repo')))),
    validate: M.validateDraft,
    send: (d) =>
      scheme
        ? call(API.schemeUpdate, { params: { id: scheme.schemeId }, body: { request: M.fieldsOf(d) } })
        : call(API.schemeCreate, { body: { request: M.fieldsOf(d) } }),
    invalid: T.invalid,
    done: scheme ? T.saved : T.created,
  });
  const { draft, issues, readOnly, update, at } = editor;
  const count = M.issueCount(issues);

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
    <EditorCard
      title={readOnly ? T.viewTitle : scheme ? T.editTitle : T.createTitle}
      saveText={T.save}
      editor={editor}
      actions={scheme && !readOnly ? <SimulationButton schemeId={scheme.schemeId} title={scheme.title} /> : undefined}
    >
      <Row gutter={16}>
        <BasicsFields
          editor={editor}
          repos={repos}
          titleLabel={T.title}
          titlePlaceholder={T.titlePlaceholder}
          kpRangeHelp={T.kpRangeHelp}
          spans={[12, 6, 6, 12]}
        />
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
    </EditorCard>
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
