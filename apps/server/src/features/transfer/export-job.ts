// The `export` job (docs/jobs.md "Exports"): reads the agency's questions matching the filter page by page
// and writes them into files of at most EXPORT_PART_QUESTIONS questions and IMPORT_MAX_BYTES bytes each, so
// that every part can be imported again. Parts are stored with the job (job_files part 1, 2, …).
import { TRANSFER_EXTENSIONS, type ExportPart, type ExportQuery, type Question } from '@edu/contract';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { JobFailure, type JobHandler } from '../../jobs/job-queue.js';
import type { JobStore } from '../../jobs/job-store.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { serialize } from './transfer-serialize.js';
import { unwrapWords } from './transfer-model.js';

export const EXPORT_KIND = 'export';
const PAGE = 500;

export interface ExportResult {
  exported: number;
  skipped: number;
  parts: ExportPart[];
}

export interface ExportJobDeps {
  store: JobStore;
  questions: QuestionsService;
  transfer: Config['transfer'];
  clock: Clock;
}

/** A page of the agency's questions matching the export's filter, oldest first, stems without word wrappers. */
export async function exportPage(
  questions: QuestionsService,
  agencyId: string,
  query: ExportQuery,
  start: number,
  size: number,
): Promise<{ total: number; list: Question[] }> {
  const page = await questions.list(
    agencyId,
    { start, size, repoId: query.repoId, type: query.type },
    { knowledgeIds: query.knowledgeId ? [query.knowledgeId] : [], orderBy: 'createTime' },
  );
  return { total: page.total, list: page.list.map((q) => ({ ...q, question: unwrapWords(q.question) })) };
}

export const exportBaseName = (clock: Clock) => `questions-${new Date(clock.now()).toISOString().slice(0, 10)}`;

export function exportJobHandler(d: ExportJobDeps): JobHandler {
  return async (ctx) => {
    const query = ctx.job.payload as unknown as ExportQuery;
    const agencyId = ctx.job.agencyId!;
    const result: ExportResult = { exported: 0, skipped: 0, parts: [] };
    const base = exportBaseName(d.clock);
    const ext = TRANSFER_EXTENSIONS[query.format];

    /** Writes `qs` as one part, or as two halves (recursively) when the file would pass the import size limit. */
    const writePart = async (qs: Question[]): Promise<void> => {
      const out = await serialize(query.format, qs);
      if (out.data.length > d.transfer.maxBytes) {
        if (qs.length === 1) throw new JobFailure(`第 ${result.exported + 1} 道题导出后超过导入文件大小上限，无法导出`);
        const half = Math.ceil(qs.length / 2);
        await writePart(qs.slice(0, half));
        await writePart(qs.slice(half));
        return;
      }
      const part = result.parts.length + 1;
      await d.store.files.write(ctx.job.id, part, out.data);
      result.parts.push({ part, filename: `${base}-${part}.${ext}`, count: out.exported, bytes: out.data.length });
      result.exported += out.exported;
      result.skipped += out.skipped;
    };

    let pending: Question[] = [];
    for (let start = 0; ; start += PAGE) {
      if (ctx.signal.aborted) throw new Error('aborted');
      const page = await exportPage(d.questions, agencyId, query, start, PAGE);
      pending.push(...page.list);
      await ctx.progress({ processed: start + page.list.length, total: page.total });
      while (pending.length >= d.transfer.exportPartQuestions) {
        await writePart(pending.slice(0, d.transfer.exportPartQuestions));
        pending = pending.slice(d.transfer.exportPartQuestions);
      }
      if (page.list.length < PAGE) break;
    }
    if (pending.length || result.parts.length === 0) await writePart(pending);
    if (result.parts.length === 1) result.parts[0].filename = `${base}.${ext}`;
    return { ...result };
  };
}
