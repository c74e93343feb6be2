// Reads and writes of the engine inside the lesson (docs/lessons.md "The engine in the lesson"): the pushed
// questions (kept current by the room's `lesson:question` and `lesson:answer` events, read again after a reconnect),
// the teacher's panel and bank search, and pushing.
import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LessonAnswerEvent, LessonBankQuery, LessonPush, LessonPushes, LessonQuestionEvent } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';
import { ENGINE_TEXTS as T } from './texts';

/** Every engine query key starts with this. */
export const ENGINE_KEY = 'lesson-engine';

export const pushesKey = (agencyId: string, lessonId: string) => [ENGINE_KEY, 'pushes', agencyId, lessonId] as const;

/** The socket's side the engine listens on (socket.io's client socket fits; tests pass a small emitter). */
export interface EngineSocket {
  on(event: string, listener: (payload: LessonQuestionEvent) => void): unknown;
  off(event: string, listener: (payload: LessonQuestionEvent) => void): unknown;
}

export function usePushes(lessonId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: pushesKey(agencyId, lessonId),
    queryFn: () => call(API.lessonPushes, { params: { id: lessonId } }),
  });
}

export function usePanel(lessonId: string, enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [ENGINE_KEY, 'panel', agencyId, lessonId],
    queryFn: () => call(API.lessonPanel, { params: { id: lessonId } }),
    enabled,
  });
}

export function useBank(lessonId: string, q: LessonBankQuery, enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [ENGINE_KEY, 'bank', agencyId, lessonId, q],
    queryFn: () => call(API.lessonBank, { params: { id: lessonId }, query: q }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The pushes with one push put in its place (a new one at the end); `waiting` follows the latest push. */
export function withPush(data: LessonPushes | undefined, push: LessonPush): LessonPushes | undefined {
  if (!data) return data;
  const at = data.pushes.findIndex((p) => p.n === push.n);
  const list = at >= 0 ? data.pushes.map((p, i) => (i === at ? mergePush(p, push) : p)) : [...data.pushes, push];
  list.sort((a, b) => a.n - b.n);
  const last = list[list.length - 1];
  return {
    ...data,
    trainId: push.trainId,
    status: data.status ?? 'running',
    waiting: data.status !== 'finished' && data.status !== 'expired' && last.answer === null,
    pushes: list,
  };
}

/** A push heard live never takes away what the reader already knows (the key, an answer). */
const mergePush = (had: LessonPush, heard: LessonPush): LessonPush => ({
  ...heard,
  key: heard.key ?? had.key,
  answer: heard.answer ?? had.answer,
});

export function putPush(client: QueryClient, agencyId: string, lessonId: string, push: LessonPush) {
  client.setQueryData<LessonPushes>(pushesKey(agencyId, lessonId), (d) => withPush(d, push));
}

/**
 * Keeps the pushes current from the room: a push and an answer heard are put in place; a (re)connect reads them
 * again, since events sent while the connection was down are not replayed.
 */
export function useEngineEvents(socket: EngineSocket | null, lessonId: string) {
  const client = useQueryClient();
  const { agencyId } = useAppConfig();
  useEffect(() => {
    if (!socket) return;
    const mine = (p: { lessonId: number }) => String(p.lessonId) === lessonId;
    const onPush = (p: LessonQuestionEvent | LessonAnswerEvent) => {
      if (mine(p)) putPush(client, agencyId, lessonId, p.push);
    };
    const onConnect = () => void client.invalidateQueries({ queryKey: pushesKey(agencyId, lessonId) });
    socket.on('lesson:question', onPush);
    socket.on('lesson:answer', onPush);
    socket.on('connect', onConnect);
    return () => {
      socket.off('lesson:question', onPush);
      socket.off('lesson:answer', onPush);
      socket.off('connect', onConnect);
    };
  }, [socket, lessonId, agencyId, client]);
}

/** 推送: a question, or one the server picks from a knowledge point; the answer is put in the list at once. */
export function usePush(lessonId: string) {
  const call = useCall();
  const client = useQueryClient();
  const { agencyId } = useAppConfig();
  return useApiMutation<LessonPush, { questionId: string } | { knowledgeCode: string }>({
    mutationFn: (request) => call(API.lessonPush, { params: { id: lessonId }, body: { request } }),
    success: T.pushedOk,
    onSuccess: (push) => putPush(client, agencyId, lessonId, push),
  });
}
