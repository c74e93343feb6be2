// The editable board (LessonBoard.tsx loads this chunk): Excalidraw in Chinese, images uploaded through the files
// API (their stored id is the element's fileId) and fetched by id when others insert them, the library and
// embeds left out (docs/web.md "The lesson room").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CaptureUpdateAction, Excalidraw, MainMenu, reconcileElements, restoreElements } from '@excalidraw/excalidraw';
import type { BinaryFileData, Collaborator, ExcalidrawImperativeAPI, SocketId } from '@excalidraw/excalidraw/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import '@excalidraw/excalidraw/index.css';
import type { BoardElement } from '@edu/contract';
import { useCall } from '../../app/session-context';
import type { BoardPointerMark, LessonBoardHandle, LessonBoardProps } from './LessonBoard';
import { createFileLoader, uploadBoardImage } from './files';
import './board.css';

type SceneElements = NonNullable<Parameters<ExcalidrawImperativeAPI['updateScene']>[0]['elements']>;

/** A colour per person, the same on every screen. */
const COLOURS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#eb2f96', '#13c2c2'];
const colourOf = (userId: number) => {
  const c = COLOURS[Math.abs(userId) % COLOURS.length] ?? '#1677ff';
  return { background: c, stroke: c };
};

/** Copies: Excalidraw fixes indices in place, and the room's store must keep what the server sent. */
const copies = (elements: readonly BoardElement[]) => elements.map((e) => ({ ...e }));

export default function LessonBoardCanvas({ viewMode, onReady, onChange, onPointer, className }: LessonBoardProps) {
  const call = useCall();
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const lastScene = useRef<readonly unknown[] | null>(null);
  const loadFiles = useMemo(
    () => (api ? createFileLoader(call, (f) => api.addFiles(f as unknown as BinaryFileData[])) : null),
    [api, call],
  );

  const handle = useMemo<LessonBoardHandle | null>(() => {
    if (!api) return null;
    return {
      elements: (): readonly BoardElement[] => api.getSceneElementsIncludingDeleted(),
      merge: (remote) => {
        const next = reconcileElements(
          api.getSceneElementsIncludingDeleted(),
          copies(remote) as unknown as RemoteExcalidrawElement[],
          api.getAppState(),
        );
        api.updateScene({ elements: next, captureUpdate: CaptureUpdateAction.NEVER });
        loadFiles?.(remote);
      },
      replace: (elements) => {
        const scene = restoreElements(copies(elements) as unknown as SceneElements, null, { refreshDimensions: false });
        api.updateScene({ elements: scene, captureUpdate: CaptureUpdateAction.NEVER });
        // eslint-disable-next-line @typescript-eslint/no-unsafe-call -- Excalidraw types it through its App class, which resolves to any here
        api.history.clear();
        loadFiles?.(elements);
      },
      pointers: (marks: readonly BoardPointerMark[]) => {
        const collaborators = new Map<SocketId, Collaborator>();
        for (const m of marks)
          collaborators.set(String(m.userId) as SocketId, {
            pointer: { x: m.x, y: m.y, tool: 'pointer' },
            button: m.button,
            username: m.name,
            color: colourOf(m.userId),
            id: String(m.userId),
          });
        api.updateScene({ collaborators });
      },
    };
  }, [api, loadFiles]);

  useEffect(() => {
    onReady(handle);
    return () => onReady(null);
  }, [handle, onReady]);

  const change = useCallback(
    (elements: readonly unknown[]) => {
      // Excalidraw calls this on every state change (a scroll, a pointer move); only a new elements array counts.
      if (elements === lastScene.current) return;
      lastScene.current = elements;
      onChange();
    },
    [onChange],
  );

  const pointer = useCallback(
    (p: { pointer: { x: number; y: number }; button: 'down' | 'up' }) => onPointer(p.pointer.x, p.pointer.y, p.button),
    [onPointer],
  );

  const generateIdForFile = useCallback((file: File) => uploadBoardImage(call, file), [call]);

  return (
    <div className={['edu-board', 'edu-board-live', className].filter(Boolean).join(' ')} data-board="live">
      <Excalidraw
        excalidrawAPI={setApi}
        onChange={change}
        onPointerUpdate={pointer}
        viewModeEnabled={viewMode}
        isCollaborating
        langCode="zh-CN"
        generateIdForFile={generateIdForFile}
        validateEmbeddable={false}
        UIOptions={{
          canvasActions: {
            changeViewBackgroundColor: true,
            clearCanvas: false,
            export: false,
            loadScene: false,
            saveToActiveFile: false,
            toggleTheme: null,
            saveAsImage: true,
          },
          tools: { image: true },
        }}
      >
        <MainMenu>
          <MainMenu.DefaultItems.SaveAsImage />
          <MainMenu.DefaultItems.ChangeCanvasBackground />
          <MainMenu.DefaultItems.Help />
        </MainMenu>
      </Excalidraw>
    </div>
  );
}
