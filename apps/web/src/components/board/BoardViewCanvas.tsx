// The read-only board (BoardView.tsx loads this chunk): Excalidraw in view mode, the scene replaced by
// updateScene whenever `elements` change, images fetched by file id (docs/web.md "The lesson room").
import { useEffect, useMemo, useRef, useState } from 'react';
import { CaptureUpdateAction, Excalidraw, MainMenu, restoreElements } from '@excalidraw/excalidraw';
import type { BinaryFileData, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import '@excalidraw/excalidraw/index.css';
import { useCall } from '../../app/session-context';
import type { BoardViewProps } from './BoardView';
import { createFileLoader } from './files';
import './board.css';

type SceneElements = NonNullable<Parameters<ExcalidrawImperativeAPI['updateScene']>[0]['elements']>;

export default function BoardViewCanvas({ elements, files, height = 480, className, fit = 'once' }: BoardViewProps) {
  const call = useCall();
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const fitted = useRef(false);
  // The first scene goes in as initial data: an updateScene made as soon as the API exists can be overwritten by
  // Excalidraw's own initialisation, which left the replay blank until the elements changed.
  const [initialElements] = useState(() =>
    restoreElements(elements as unknown as SceneElements, null, { refreshDimensions: false }),
  );
  const loader = useMemo(
    () => (api ? createFileLoader(call, (f) => api.addFiles(f as unknown as BinaryFileData[])) : null),
    [api, call],
  );

  useEffect(() => {
    if (!api) return;
    const scene = restoreElements(elements as unknown as SceneElements, null, { refreshDimensions: false });
    api.updateScene({ elements: scene, captureUpdate: CaptureUpdateAction.NEVER });
    loader?.(elements);
    const visible = scene.some((e) => !e.isDeleted);
    if (visible && (fit === 'always' || (fit === 'once' && !fitted.current))) {
      fitted.current = true;
      api.scrollToContent(undefined, { fitToContent: true, animate: false });
    }
  }, [api, elements, loader, fit]);

  useEffect(() => {
    if (api && files?.length) api.addFiles(files as unknown as BinaryFileData[]);
  }, [api, files]);

  return (
    <div className={['edu-board', className].filter(Boolean).join(' ')} style={{ height }} data-board="view">
      <Excalidraw
        excalidrawAPI={setApi}
        initialData={{ elements: initialElements, scrollToContent: fit !== 'never' }}
        viewModeEnabled
        langCode="zh-CN"
        validateEmbeddable={false}
        UIOptions={{
          canvasActions: {
            changeViewBackgroundColor: false,
            clearCanvas: false,
            export: false,
            loadScene: false,
            saveToActiveFile: false,
            toggleTheme: null,
            saveAsImage: true,
          },
        }}
      >
        <MainMenu>
          <MainMenu.DefaultItems.SaveAsImage />
        </MainMenu>
      </Excalidraw>
    </div>
  );
}
