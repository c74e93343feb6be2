// jsdom lacks APIs antd uses: matchMedia, ResizeObserver, getComputedStyle with pseudo elements, scrollTo.
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { takeContractViolations } from './contract-check';

// Lazy pages (the question editor pulls in tiptap) can take over a second to load when all test files run in
// parallel on a small machine; waiting longer than the default 1 s keeps the suite from flaking.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(`the fake API left the contract:\n${violations.join('\n')}`);
  window.localStorage.clear();
  // The recitation editor keeps unsaved work in the tab's sessionStorage: no test finds another's.
  window.sessionStorage.clear();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, pseudo?: string | null) =>
  originalGetComputedStyle(elt, pseudo ? undefined : pseudo);

window.scrollTo = () => {};

// Excalidraw's ESM build does not load in Node (it imports `roughjs/bin/rough` without an extension), and with
// `isolate: false` a board's lazy import failing after its test ended fails a later file: the two canvases that
// load it draw nothing here. The board is tested in the browser (the lesson journeys).
vi.mock('../components/board/BoardViewCanvas', () => ({ default: () => null }));
vi.mock('../components/board/LessonBoardCanvas', () => ({ default: () => null }));
