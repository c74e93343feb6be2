// The AI reading calls (docs/web.md "AI reading", issue 19) as TanStack queries: formatting an article for a level,
// the generation job followed with `useJob` while it runs, the review of a generated sub-question, the provider settings (platform
// default, agency override) and the call log. Keys are write-only: no answer carries one.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GeneratedSubType,
  Question,
  ReadingFormatResult,
  ReadingJob,
  ReadingLevelValue,
  ReadingSettingsWrite,
  ReadingSubAction,
} from '@edu/contract';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { jobFinished, useJob } from '../../../../app/job';
import { useApiMutation } from '../../../../api/mutation';
import { questionKeys } from '../../../../api/query-keys';
import { API } from '../../../../api/routes';

/** Every reading query key starts with this. */
export const READING_KEY = 'reading';

export interface FormatArgs {
  article: string;
  level: ReadingLevelValue;
  glossary: readonly string[];
}

/**
 * The formatted article for `args`, asked when `args` is not null: a change of level or glossary is a new key, so
 * toggling a word re-formats; the previous result stays on screen meanwhile.
 */
export function useReadingFormat(args: FormatArgs | null) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery<ReadingFormatResult>({
    queryKey: [READING_KEY, 'format', agencyId, args],
    queryFn: () =>
      call(API.readingFormat, {
        body: { request: { article: args!.article, level: args!.level, glossary: [...args!.glossary] } },
      }),
    enabled: args !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export const jobRunning = (job: ReadingJob | undefined) => job?.status === 'queued' || job?.status === 'running';

/** What a generation is for: a saved question, or the article of one not saved yet (the create page). */
export type GenerationTarget = { questionId: string } | { article: string };

export function useStartGeneration(onStarted: (jobId: string) => void) {
  const call = useCall();
  return useApiMutation({
    mutationFn: (request: GenerationTarget & { level: ReadingLevelValue; count: number; types: GeneratedSubType[] }) =>
      call(API.readingGenerate, { body: { request } }),
    onSuccess: (started) => onStarted(started.jobId),
  });
}

/**
 * The generation job, followed with `useJob` (app/job.ts) while queued or running; when it ends the question is
 * read again (none for an article not saved yet: its items are in the job).
 */
export function useGenerationJob(jobId: string | null, questionId: string | null) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  return useJob('reading-job', jobId, async (id) => {
    const job = await call(API.readingGenerateJob, { params: { jobId: id } });
    if (questionId !== null && jobFinished(job) && job.added.length > 0) {
      await queryClient.invalidateQueries({ queryKey: questionKeys.detail(agencyId, questionId) });
      await queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: questionKeys.editable(agencyId, questionId) });
    }
    return job;
  });
}

/** Accept, edit or delete one sub-question; the answer (the question's new version) replaces the cached one. */
export function useSubAction(questionId: string, onSaved?: (q: Question) => void) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ questionSubId, action }: { questionSubId: string; action: ReadingSubAction }) =>
      call(API.readingSubAction, { params: { id: questionId, questionSubId }, body: { request: action } }),
    success: (_q, v) => SUB_ACTION_DONE[v.action.action],
    invalidates: [questionKeys.lists(), questionKeys.editable(agencyId, questionId)],
    onSuccess: (q) => {
      queryClient.setQueryData(questionKeys.detail(agencyId, questionId), q);
      onSaved?.(q);
    },
  });
}
const SUB_ACTION_DONE = { accept: '已采用', edit: '已保存修改', delete: '已删除' } as const;

export type SettingsScope = 'platform' | 'agency';

export function useReadingSettings(scope: SettingsScope) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [READING_KEY, 'settings', scope, scope === 'agency' ? agencyId : null],
    queryFn: () => (scope === 'platform' ? call(API.readingPlatformSettings) : call(API.readingAgencySettings)),
  });
}

export function useSaveReadingSettings(scope: SettingsScope, onSaved?: () => void) {
  const call = useCall();
  return useApiMutation({
    mutationFn: (request: ReadingSettingsWrite) =>
      scope === 'platform'
        ? call(API.readingPlatformSettingsSave, { body: { request } })
        : call(API.readingAgencySettingsSave, { body: { request } }),
    success: '设置已保存',
    invalidates: [[READING_KEY, 'settings']],
    onSuccess: () => onSaved?.(),
  });
}

/**
 * 测试连接: one tiny request with the settings as typed (not saved), under the scope's address rules; answers ok or
 * the reason. A 400 (an address the scope may not reach) is toasted like a save's.
 */
export function useTestReadingConnection(scope: SettingsScope) {
  const call = useCall();
  return useApiMutation({
    mutationFn: (request: ReadingSettingsWrite) =>
      scope === 'platform'
        ? call(API.readingPlatformSettingsTest, { body: { request } })
        : call(API.readingAgencySettingsTest, { body: { request } }),
  });
}

export function useResetAgencySettings(onReset?: () => void) {
  const call = useCall();
  return useApiMutation({
    mutationFn: () => call(API.readingAgencySettingsReset),
    success: '已恢复为平台默认',
    invalidates: [[READING_KEY, 'settings']],
    onSuccess: () => onReset?.(),
  });
}

/** The call log, newest first: the agency's own, or (platform) every agency's. */
export function useReadingCalls(scope: SettingsScope, start: number, size: number) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [READING_KEY, 'calls', scope, scope === 'agency' ? agencyId : null, start, size],
    queryFn: () =>
      scope === 'platform'
        ? call(API.readingCallsAll, { query: { start, size } })
        : call(API.readingCalls, { query: { start, size } }),
    placeholderData: keepPreviousData,
  });
}
