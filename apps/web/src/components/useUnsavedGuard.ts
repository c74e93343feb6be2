// No silent loss of work (docs/web.md "Unsaved changes"): while an editor holds changes it has not saved, leaving it
// asks first. In-app navigation (links, the menu, 返回, back and forward, navigate()) is held by the app's
// navigation guard (app/navigation-guard.tsx) and a dialog asks 有未保存的修改，确定离开吗？ (离开 goes on, 留下
// stays); closing or reloading the tab gets the browser's own beforeunload question (browsers show their own words).
// A navigation that only changes the hash goes through.
import { useCallback, useEffect, useRef } from 'react';
import { App as AntApp } from 'antd';
import { useNavigationGuardRegister } from '../app/navigation-guard';
import { UNSAVED_TEXTS as T } from './texts';

export interface UnsavedGuard {
  /**
   * Lets the next navigation through without asking: call it when the changes were just saved and the page goes on
   * by itself (a save that leaves for the list) before `dirty` has turned false.
   */
  release: () => void;
}

export interface UnsavedGuardOptions {
  /**
   * false: in-app navigation goes through without asking, for a page that saves what it holds when it closes (the
   * graph editor's queued positions); only closing or reloading the tab asks. Default true.
   */
  inApp?: boolean;
  /** What the dialog says under its question (default: the changes will be lost). */
  content?: string;
}

/** Asks before leaving while `dirty`. */
export function useUnsavedGuard(
  dirty: boolean,
  { inApp = true, content = T.content }: UnsavedGuardOptions = {},
): UnsavedGuard {
  const { modal } = AntApp.useApp();
  const register = useNavigationGuardRegister();
  // Read when a navigation starts: always the latest `dirty`, and whether a save released it.
  const holding = useRef(dirty && inApp);
  const released = useRef(false);
  useEffect(() => {
    holding.current = dirty && inApp;
    if (!dirty) released.current = false;
  }, [dirty, inApp]);

  useEffect(
    () =>
      register?.({
        shouldBlock: ({ from, to }) =>
          holding.current &&
          !released.current &&
          (to === null || from.pathname !== to.pathname || from.search !== to.search),
        onBlocked: ({ proceed, reset }) =>
          void modal.confirm({
            title: T.title,
            content,
            okText: T.leave,
            cancelText: T.stay,
            okButtonProps: { danger: true },
            onOk: proceed,
            onCancel: reset,
          }),
      }),
    [register, modal, content],
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}
