// The lesson room's board with its bar (docs/web.md "The lesson room"): page tabs (the teacher adds, renames and
// shows a page to everybody; others look at any page and follow the teacher's), the teacher's lock and clear with
// 撤销清空, the lock's notice for a student and the observer's 旁听.
import { useCallback, useState, useSyncExternalStore } from 'react';
import { Alert, App as AntApp, Button, Modal, Switch, Tabs, Tag, Tooltip } from 'antd';
import ClearOutlined from '@ant-design/icons/ClearOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { LessonRole } from '@edu/contract';
import { ANTD_CSS_VAR_KEY } from '../../../app/antd-css-var';
import { LessonBoard, type LessonBoardHandle } from '../../../components/board/LessonBoard';
import { ROOM_TEXTS } from '../texts';
import type { BoardSync } from './board-sync';

export interface BoardPanelProps {
  sync: BoardSync;
  role: LessonRole;
}

function RenameModal({
  initial,
  onOk,
  onCancel,
}: {
  initial: string;
  onOk: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const trimmed = name.trim();
  const problem = !trimmed ? ROOM_TEXTS.pageNameRequired : trimmed.length > 32 ? ROOM_TEXTS.pageNameTooLong : null;
  return (
    <Modal
      open
      title={ROOM_TEXTS.renameTitle}
      onOk={() => !problem && onOk(trimmed)}
      okButtonProps={{ disabled: !!problem }}
      onCancel={onCancel}
    >
      {/* antd's Input as its markup (antd's stylesheet styles it): the component itself would reshape the chunks of
          the student's first load (docs/performance.md "Bundle"). */}
      <input
        className={`ant-input ant-input-outlined ${ANTD_CSS_VAR_KEY}${problem ? ' ant-input-status-error' : ''}`}
        aria-label={ROOM_TEXTS.pageName}
        value={name}
        maxLength={32}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && !problem && onOk(trimmed)}
        autoFocus
      />
      {problem && <div className="lesson-board-field-error">{problem}</div>}
    </Modal>
  );
}

export function BoardPanel({ sync, role }: BoardPanelProps) {
  const { modal } = AntApp.useApp();
  const s = useSyncExternalStore(sync.subscribe, sync.getState);
  const [renaming, setRenaming] = useState<string | null>(null);
  const teacher = role === 'teacher';
  const viewMode = role === 'observer' || role === 'parent' || (role === 'student' && s.locked);

  const onReady = useCallback((h: LessonBoardHandle | null) => sync.attach(h), [sync]);
  const onChange = useCallback(() => sync.localChange(), [sync]);
  const onPointer = useCallback((x: number, y: number, b: 'up' | 'down') => sync.localPointer(x, y, b), [sync]);

  const clear = () =>
    modal.confirm({
      title: ROOM_TEXTS.clear,
      content: ROOM_TEXTS.clearConfirm,
      okButtonProps: { danger: true },
      onOk: () => sync.clearPage(),
    });

  const current = s.pages.find((p) => p.id === s.pageId);
  return (
    <div className="lesson-board">
      <div className="lesson-board-bar">
        <Tabs
          className="lesson-board-tabs"
          size="small"
          type={teacher ? 'editable-card' : 'card'}
          activeKey={s.pageId}
          items={s.pages.map((p) => ({ key: p.id, label: p.name, closable: false }))}
          onChange={(key) => (teacher ? void sync.showToAll(key) : sync.showPage(key))}
          onEdit={(_, action) => action === 'add' && void sync.addPage()}
          addIcon={
            <Tooltip title={ROOM_TEXTS.addPage}>
              <PlusOutlined aria-label={ROOM_TEXTS.addPage} />
            </Tooltip>
          }
        />
        <div className="lesson-board-actions">
          {teacher && current && (
            <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(current.id)}>
              {ROOM_TEXTS.renamePage}
            </Button>
          )}
          {teacher && (
            <Tooltip title={ROOM_TEXTS.lockedTip}>
              <label className="lesson-board-lock">
                <Switch
                  size="small"
                  checked={s.locked}
                  onChange={(v) => void sync.setLocked(v)}
                  aria-label={ROOM_TEXTS.lock}
                />
                {ROOM_TEXTS.lock}
              </label>
            </Tooltip>
          )}
          {teacher && (
            <Button size="small" icon={<ClearOutlined />} onClick={clear}>
              {ROOM_TEXTS.clear}
            </Button>
          )}
          {role === 'observer' && <Tag color="blue">{ROOM_TEXTS.observer}</Tag>}
          {s.unsent > 0 && <span className="lesson-board-unsent">{ROOM_TEXTS.unsent(s.unsent)}</span>}
        </div>
      </div>
      {role === 'student' && s.locked && (
        <Alert className="lesson-board-notice" type="info" showIcon banner title={ROOM_TEXTS.locked} />
      )}
      {teacher && s.lastClear && s.lastClear.pageId === s.pageId && (
        <Alert
          className="lesson-board-notice"
          type="success"
          banner
          title={ROOM_TEXTS.cleared}
          action={
            <Button size="small" type="link" onClick={() => void sync.restoreClear()}>
              {ROOM_TEXTS.undoClear}
            </Button>
          }
        />
      )}
      <div
        className="lesson-board-canvas"
        data-board-page={s.pageId}
        data-board-locked={s.locked ? 'true' : 'false'}
        data-board-scene={s.scene}
      >
        {s.ready && <LessonBoard viewMode={viewMode} onReady={onReady} onChange={onChange} onPointer={onPointer} />}
      </div>
      {renaming && (
        <RenameModal
          initial={s.pages.find((p) => p.id === renaming)?.name ?? ''}
          onCancel={() => setRenaming(null)}
          onOk={(name) => {
            setRenaming(null);
            void sync.renamePage(renaming, name);
          }}
        />
      )}
    </div>
  );
}
