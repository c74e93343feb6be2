// The lesson room's whiteboard (docs/web.md "The lesson room"): Excalidraw, editable unless `viewMode`, with images
// uploaded through the files API. The room drives it through the handle it gets in `onReady` (the scene's elements,
// remote copies merged in, another page shown, others' pointers). Excalidraw is a chunk of its own, loaded only on
// the room's pages (docs/performance.md "Bundle").
import { Suspense } from 'react';
import type { BoardElement } from '@edu/contract';
import { lazyComponent } from '../../app/lazy-page';
import { PageSpinner } from '../PageSpinner';
import { setExcalidrawAssetPath } from './assets';

/** A remote pointer (scene coordinates). */
export interface BoardPointerMark {
  userId: number;
  name: string;
  x: number;
  y: number;
  button: 'up' | 'down';
}

/** What the room does with the board. */
export interface LessonBoardHandle {
  /** The scene's elements, deleted ones included. */
  elements(): readonly BoardElement[];
  /** Remote copies merged into the scene (Excalidraw's reconcileElements: what is being edited here stays). */
  merge(remote: readonly BoardElement[]): void;
  /** Another page: the scene replaced, undo history cleared. */
  replace(elements: readonly BoardElement[]): void;
  /** Others' pointers on this page. */
  pointers(marks: readonly BoardPointerMark[]): void;
}

export interface LessonBoardProps {
  /** Looking only (an observer, a locked student). */
  viewMode: boolean;
  onReady: (handle: LessonBoardHandle | null) => void;
  /** The scene's elements changed (local drawing, or a merge). */
  onChange: () => void;
  /** The pointer moved (scene coordinates). */
  onPointer: (x: number, y: number, button: 'up' | 'down') => void;
  className?: string;
}

const Canvas = lazyComponent<LessonBoardProps>(() => {
  setExcalidrawAssetPath();
  return import('./LessonBoardCanvas');
});

/** Starts loading the board's chunk (the room does as soon as it knows it will show the board). */
export const preloadLessonBoard = () => Canvas.preload();

export function LessonBoard(props: LessonBoardProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Canvas {...props} />
    </Suspense>
  );
}
