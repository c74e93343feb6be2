// Reads and writes of the engine inside the lesson (docs/lessons.md "The engine in the lesson"): the pushed
// questions (kept current by the room's `lesson:question`, `lesson:answer` and `lesson:withdrawn` events, read again
// after a reconnect), the teacher's panel and bank search, pushing and withdrawing a push.
import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  LessonAnswerEvent,
  LessonBankQuery,
  LessonPush,
  LessonPushes,
  LessonQuestionEvent,
  LessonWithdrawal,
  LessonWithdrawnEvent,
} from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';
import { ENGINE_TEXTS as T } from './texts';

/** Every engine query key starts with this. */
export const ENGINE_KEY = 'lesson-engine';

export const pushesKey = (agencyId: string, lessonId: string) => [ENGINE_KEY, 'pushes', agencyId, lessonId] as const;

/** The socket's side the engine listens on (socket.io's client socket fits; tests pass a small emitter). */
export interface EngineSocket {
  on<P>(event: string, listener: (payload: P) => void): unknown;
  off<P>(event: string, listener: (payload: P) => void): unknown;
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

/** The pushes without the withdrawn push `n` (docs/lessons.md "Withdrawing a push"): the latest one, unanswered. */
export function withoutPush(data: LessonPushes | undefined, questionId: string): LessonPushes | undefined {
  if (!data) return data;
  const list = data.pushes.filter((p) => p.questionId !== questionId);
  if (list.length === data.pushes.length) return data;
  // The lesson's first push taken back takes its training with it.
  if (list.length === 0) return { ...data, trainId: null, status: null, waiting: false, pushes: [] };
  return { ...data, waiting: false, pushes: list };
}

export function dropPush(client: QueryClient, agencyId: string, lessonId: string, questionId: string) {
  client.setQueryData<LessonPushes>(pushesKey(agencyId, lessonId), (d) => withoutPush(d, questionId));
}

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
    const onWithdrawn = (p: LessonWithdrawnEvent) => {
      if (mine(p)) dropPush(client, agencyId, lessonId, p.questionId);
    };
    const onConnect = () => void client.invalidateQueries({ queryKey: pushesKey(agencyId, lessonId) });
    socket.on('lesson:question', onPush);
    socket.on('lesson:answer', onPush);
    socket.on('lesson:withdrawn', onWithdrawn);
    socket.on('connect', onConnect);
    return () => {
      socket.off('lesson:question', onPush);
      socket.off('lesson:answer', onPush);
      socket.off('lesson:withdrawn', onWithdrawn);
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

/** 撤回: takes back the unanswered push; it leaves the list at once (the room hears it too). */
export function useWithdraw(lessonId: string) {
  const call = useCall();
  const client = useQueryClient();
  const { agencyId } = useAppConfig();
  return useApiMutation<LessonWithdrawal, string>({
    mutationFn: (questionId) =>
      call(API.lessonWithdraw, { params: { id: lessonId }, body: { request: { questionId } } }),
    success: T.withdrawnOk,
    onSuccess: (w) => dropPush(client, agencyId, lessonId, w.questionId),
    // Answered meanwhile, or the practice ended: read the pushes again.
    onError: () => void client.invalidateQueries({ queryKey: pushesKey(agencyId, lessonId) }),
  });
}
