// Confirms a bulk move of the selected questions to a knowledge point or an owned repository.
import { useState } from 'react';
import { Form, Modal, Select, TreeSelect } from 'antd';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { kpTreeOptions, useRepos } from './queries';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.list;

export interface BulkMoveModalProps {
  mode: 'kp' | 'repo' | null;
  ids: string[];
  onClose: () => void;
  onMoved: () => void;
}

export function BulkMoveModal({ mode, ids, onClose, onMoved }: BulkMoveModalProps) {
  const call = useCall();
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  const repos = useRepos();
  const [target, setTarget] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const bulkMove = useApiMutation({
    mutationFn: (to: string) =>
      call(API.questionBulkMove, {
        body: { request: mode === 'kp' ? { ids, knowledgeId: to } : { ids, repoId: to } },
      }),
    success: (res) => T.moved(res.moved),
    onSuccess: () => {
      setTarget(undefined);
      onMoved();
    },
  });

  function move() {
    if (!target) return setError(T.moveTargetRequired);
    bulkMove.mutate(target);
  }

  const owned = (repos.data?.list ?? []).filter((r) => r.owned);
  return (
    <Modal
      open={mode !== null}
      title={mode === 'kp' ? T.moveKpTitle(ids.length) : T.moveRepoTitle(ids.length)}
      okText={QUESTION_TEXTS.ok}
      cancelText={QUESTION_TEXTS.cancel}
      confirmLoading={bulkMove.isPending}
      onOk={move}
      onCancel={() => {
        setTarget(undefined);
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={T.moveTarget} validateStatus={error ? 'error' : undefined} help={error}>
          {mode === 'kp' ? (
            <TreeSelect
              aria-label={T.moveTarget}
              showSearch
              treeNodeFilterProp="title"
              treeData={kpTreeOptions(knowledgePoints)}
              loading={kpLoading}
              value={target}
              onChange={(v: string) => {
                setTarget(v);
                setError(null);
              }}
            />
          ) : (
            <Select
              aria-label={T.moveTarget}
              options={owned.map((r) => ({ value: r.id, label: r.name }))}
              value={target}
              onChange={(v: string) => {
                setTarget(v);
                setError(null);
              }}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
