// The fields every question has: knowledge points, tags, videos, repository (on create), judge type.
import { Button, Form, Input, Radio, Select, Space, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { QuestionType } from '@edu/contract';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { FieldError } from './FieldError';
import { errorsUnder, type Draft, type FieldErrors } from './form-model';
import { kpTreeOptions, useRepos, useTags } from './queries';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.form;

const status = (errors: FieldErrors, path: string) => (errorsUnder(errors, path).length > 0 ? 'error' : undefined);
const help = (errors: FieldErrors, path: string) => errorsUnder(errors, path)[0];

export interface FieldsProps {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: FieldErrors;
}

const JUDGE_CHOOSABLE: readonly QuestionType[] = ['fillBlank', 'translation', 'enReading'];

export function JudgeTypeField({ draft, set, errors }: FieldsProps) {
  if (!JUDGE_CHOOSABLE.includes(draft.type)) return null;
  return (
    <Form.Item label={T.judgeType} validateStatus={status(errors, 'judgeType')} help={help(errors, 'judgeType')}>
      <Radio.Group
        value={draft.judgeType}
        onChange={(e) => set({ judgeType: e.target.value as Draft['judgeType'] })}
        options={[
          { value: 'auto', label: T.judgeAuto },
          { value: 'manual', label: T.judgeManual },
        ]}
      />
    </Form.Item>
  );
}

export function KnowledgeFields({ draft, set, errors }: FieldsProps) {
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  const tree = kpTreeOptions(knowledgePoints);
  const tags = useTags();
  return (
    <>
      <Form.Item
        label={T.kp}
        required
        validateStatus={status(errors, 'knowledgeId')}
        help={help(errors, 'knowledgeId')}
      >
        <TreeSelect
          aria-label={T.kp}
          showSearch
          treeNodeFilterProp="title"
          placeholder={T.kpPlaceholder}
          treeData={tree}
          loading={kpLoading}
          value={draft.knowledgeId || undefined}
          onChange={(v?: string) => set({ knowledgeId: v ?? '' })}
        />
      </Form.Item>
      <Form.Item
        label={T.subKps}
        validateStatus={status(errors, 'subKnowledgePoints')}
        help={help(errors, 'subKnowledgePoints')}
      >
        <TreeSelect
          aria-label={T.subKps}
          multiple
          showSearch
          treeNodeFilterProp="title"
          treeData={tree}
          loading={kpLoading}
          value={draft.subKnowledgePoints}
          onChange={(v: string[]) => set({ subKnowledgePoints: v })}
        />
      </Form.Item>
      <Form.Item label={T.tags} validateStatus={status(errors, 'tags')} help={help(errors, 'tags')}>
        <Select
          aria-label={T.tags}
          mode="tags"
          placeholder={T.tagsPlaceholder}
          value={draft.tags}
          options={(tags.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
          onChange={(v: string[]) => set({ tags: v.map((t) => t.trim()).filter(Boolean) })}
        />
      </Form.Item>
    </>
  );
}

export function VideoFields({ draft, set, errors }: FieldsProps) {
  const update = (i: number, patch: Partial<Draft['videos'][number]>) =>
    set({ videos: draft.videos.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  return (
    <Form.Item label={T.videos}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {draft.videos.map((v, i) => (
          <div key={i}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={`${T.videoUrl} ${i + 1}`}
                placeholder={T.videoUrl}
                status={status(errors, `videos.${i}`)}
                value={v.url}
                onChange={(e) => update(i, { url: e.target.value })}
              />
              <Input
                style={{ width: 200 }}
                placeholder={T.videoTitle}
                value={v.title ?? ''}
                onChange={(e) => update(i, { title: e.target.value })}
              />
              <Button
                icon={<DeleteOutlined />}
                onClick={() => set({ videos: draft.videos.filter((_, j) => j !== i) })}
              />
            </Space.Compact>
            <FieldError messages={errorsUnder(errors, `videos.${i}`)} />
          </div>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => set({ videos: [...draft.videos, { url: '' }] })}>
          {T.addVideo}
        </Button>
        <FieldError messages={errors.videos ? [errors.videos] : []} />
      </Space>
    </Form.Item>
  );
}

export function RepoField({ draft, set, errors }: FieldsProps) {
  const repos = useRepos();
  const owned = (repos.data?.list ?? []).filter((r) => r.owned);
  return (
    <Form.Item
      label={T.repo}
      required
      validateStatus={status(errors, 'repoId')}
      help={help(errors, 'repoId') ?? (repos.isSuccess && owned.length === 0 ? T.noOwnedRepo : undefined)}
    >
      <Select
        aria-label={T.repo}
        loading={repos.isPending}
        value={draft.repoId || undefined}
        options={owned.map((r) => ({ value: r.id, label: r.name }))}
        onChange={(v: string) => set({ repoId: v })}
      />
    </Form.Item>
  );
}
