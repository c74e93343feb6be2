// Saving node positions of the editor (POST …/layout): a drag waits SAVE_DELAY_MS for more drags and is saved
// with them; a layout is saved at once. Saved positions are patched into the cached graph, so a refetch never
// moves a node back. What is still queued is saved when the page closes; `unsaved` (queued or being saved) makes
// closing the tab ask first (docs/web.md "Unsaved changes").
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GRAPH_MAX_LAYOUT, type GraphDetail } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { graphDetailKey } from '../../../components/knowledge-graph/queries';
import { useCall } from '../../../app/session-context';
import type { Position } from './GraphEditor';

export const SAVE_DELAY_MS = 800;

export function useLayoutSaver(groupId: string) {
  const call = useCall();
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, Position>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [queued, setQueued] = useState(false);
  const save = useApiMutation({
    mutationFn: async (positions: Position[]) => {
      for (let i = 0; i < positions.length; i += GRAPH_MAX_LAYOUT) {
        await call(API.graphLayoutSave, {
          params: { id: groupId },
          body: { request: { positions: positions.slice(i, i + GRAPH_MAX_LAYOUT) } },
        });
      }
    },
    onSuccess: (_, positions) => {
      const at = new Map(positions.map((p) => [p.itemId, p]));
      queryClient.setQueryData<GraphDetail>(
        graphDetailKey(groupId),
        (d) =>
          d && {
            ...d,
            items: d.items.map((i) => {
              const p = at.get(i.id);
              return p ? { ...i, x: p.x, y: p.y } : i;
            }),
          },
      );
    },
  });
  const mutate = useRef(save.mutate);
  useEffect(() => {
    mutate.current = save.mutate;
  });

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const list = [...pending.current.values()];
    pending.current.clear();
    setQueued(false);
    if (list.length > 0) mutate.current(list);
  }, []);

  const queue = useCallback(
    (positions: Position[], now: boolean) => {
      for (const p of positions) pending.current.set(p.itemId, p);
      setQueued(true);
      if (timer.current !== null) clearTimeout(timer.current);
      if (now) flush();
      else timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => flush, [flush]);
  return { queue, isSaving: save.isPending, unsaved: queued || save.isPending };
}
