// Confirms a bulk move of the selected questions to a knowledge point or an owned repository.
import { useState } from 'react';
import { App as AntApp, Form, Modal, Select, TreeSelect } from 'antd';
import { API } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
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
  const { knowledgePoints } = useAppConfig();
  const repos = useRepos();
  const { message } = AntApp.useApp();
  const [target, setTarget] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function move() {
    if (!target) return setError(T.moveTargetRequired);
    setSaving(true);
    try {
      const request = mode === 'kp' ? { ids, knowledgeId: target } : { ids, repoId: target };
      const res = await call(API.questionBulkMove, { body: { request } });
      void message.success(T.moved(res.moved));
      setTarget(undefined);
      onMoved();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  const owned = (repos.data?.list ?? []).filter((r) => r.owned);
  return (
    <Modal
      open={mode !== null}
      title={mode === 'kp' ? T.moveKpTitle(ids.length) : T.moveRepoTitle(ids.length)}
      okText={QUESTION_TEXTS.ok}
      cancelText={QUESTION_TEXTS.cancel}
      confirmLoading={saving}
      onOk={() => void move()}
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
