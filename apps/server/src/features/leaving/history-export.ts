// A student's own training history as an Excel workbook (docs/users.md "Own history export"): a sheet of trainings
// and one of answers, written by exceljs's streaming writer so rows go out as they are read. No standard answer
// or explanation is ever written, a running paper's answers carry neither verdict nor score nor stem, and an
// answer to a question another unfinished training holds carries no verdict or score (docs/judging.md "Who sees an
// answer when", docs/practice-engine.md "Sealing"), nor does an answer of an ended paper whose corrections wait
// (docs/practice-engine.md "Review options").
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  HISTORY_EXPORT_MAX_ANSWERS,
  HISTORY_EXPORT_MAX_TRAININGS,
  type CorrectionsPending,
  cstMinutes,
} from '@edu/contract';
import { plainText } from '../questions/questions.policy.js';
import { sealedAnswerOf } from '../training/sealing.js';
import type { ExportAnswer, ExportTraining, HistoryExportRepository } from './history-export.repository.js';
import { spreadsheetRow } from '../../lib/download.js';

const STATUS: Record<string, string> = { running: '进行中', finished: '已完成', expired: '已超时' };
const TYPE: Record<string, string> = { general: '练习', paper: '试卷' };
const PAGE = 2000;
const CELL_MAX = 1000;

/** Times in the file are China Standard Time, like every day the product counts. */
export const cst = (ms: number | null) => (ms === null ? '' : cstMinutes(ms));
const cut = (s: string) => (s.length > CELL_MAX ? `${s.slice(0, CELL_MAX)}…` : s);

/** A running paper keeps its verdicts, scores and questions until handed in. */
export const sealedAnswer = (a: Pick<ExportAnswer, 'schemeType' | 'trainingStatus'>) =>
  a.schemeType === 'paper' && a.trainingStatus === 'running';

export function answerText(s: ExportAnswer['submission']): string {
  if (!s) return '';
  const main = (s.answer ?? []).join('、');
  const subs = Object.entries(s.subAnswers ?? {}).map(([k, v]) => `${k}：${v.join('、')}`);
  return cut([main, ...subs].filter(Boolean).join('；'));
}

/** What the result cell says instead of a verdict kept back, or null when the verdict and score are shown. */
export function withheldVerdict(a: ExportAnswer, scope: Pick<ExportScope, 'holders' | 'waiting'>): string | null {
  if (sealedAnswer(a)) return '试卷进行中，交卷后可见';
  const waiting = a.trainingId === null ? undefined : scope.waiting.get(a.trainingId);
  if (waiting) return waiting.message;
  if (sealedAnswerOf(scope.holders, a.questionId, a.trainingId)) return '此题在进行中的试卷或训练中，完成后可见';
  return null;
}

export function verdictText(a: ExportAnswer): string {
  if (a.isCorrect === null) return '待批改';
  if (a.isCorrect) return '正确';
  return a.score !== null && a.score > 0 ? '部分正确' : '错误';
}

export const TRAINING_HEADERS = [
  '机构',
  '方案',
  '类型',
  '来源',
  '状态',
  '开始时间',
  '结束时间',
  '用时（分钟）',
  '得分',
  '满分',
  '答题数',
  '答对数',
];
export const ANSWER_HEADERS = ['机构', '方案', '答题时间', '题目', '我的答案', '结果', '得分'];

function trainingRow(t: ExportTraining, agency: string, scope: ExportScope): (string | number)[] {
  const sealed = (t.type === 'paper' && t.status === 'running') || scope.waiting.get(t.id)?.scoreHidden === true;
  const minutes = t.endedAt === null ? '' : Math.round((t.endedAt - t.startedAt) / 6000) / 10;
  return [
    agency,
    t.title,
    TYPE[t.type] ?? t.type,
    t.taskId === null ? '自主练习' : '任务',
    STATUS[t.status] ?? t.status,
    cst(t.startedAt),
    cst(t.endedAt),
    minutes,
    sealed ? '' : t.score,
    t.maxScore,
    t.answered,
    sealed ? '' : t.correct,
  ];
}

function answerRow(a: ExportAnswer, agency: string, scope: ExportScope): (string | number)[] {
  const withheld = withheldVerdict(a, scope);
  // The running paper's own answers: not even the stem (the paper view shows its questions).
  const stem = sealedAnswer(a) ? '' : cut(plainText(a.stem) || plainText(a.questionTitle));
  return [
    agency,
    a.title ?? '错题本复习',
    cst(a.at),
    stem,
    answerText(a.submission),
    withheld ?? verdictText(a),
    withheld !== null || a.score === null ? '' : a.score,
  ];
}

export interface ExportScope {
  userId: number;
  /** Agencies included, with their names. */
  agencies: Map<string, string>;
  /** Shown on the first sheet: who and when. */
  owner: string;
  now: number;
  /**
   * The user's trainings holding each question now (training/sealing.ts `holdersAt`): an answer to a question
   * another of them holds is written without verdict or score.
   */
  holders: ReadonlyMap<string, readonly number[]>;
  /**
   * The user's ended papers whose corrections wait (training/corrections.ts), by training id: their answers are
   * written without verdict or score, and the training row without score when the score waits too.
   */
  waiting: ReadonlyMap<number, CorrectionsPending>;
}

/** The workbook's bytes; trainings and answers beyond the caps are left out and the file says so. */
export async function historyWorkbook(repo: HistoryExportRepository, scope: ExportScope): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ids = [...scope.agencies.keys()];
  const name = (id: string) => scope.agencies.get(id) ?? id;

  const trainings = await repo.trainings(scope.userId, ids, HISTORY_EXPORT_MAX_TRAININGS + 1);
  const ts = wb.addWorksheet('训练记录');
  ts.columns = TRAINING_HEADERS.map((h, i) => ({ header: h, width: i === 1 ? 28 : 14 }));
  ts.getRow(1).font = { bold: true };
  for (const t of trainings.slice(0, HISTORY_EXPORT_MAX_TRAININGS))
    ts.addRow(spreadsheetRow(trainingRow(t, name(t.agencyId), scope))).commit();
  ts.commit();

  const as = wb.addWorksheet('答题记录');
  as.columns = ANSWER_HEADERS.map((h, i) => ({ header: h, width: i === 3 ? 60 : i === 4 ? 24 : 14 }));
  as.getRow(1).font = { bold: true };
  let written = 0;
  let after = 0;
  let more = false;
  for (;;) {
    const page = await repo.answers(scope.userId, ids, after, PAGE);
    for (const a of page) {
      if (written === HISTORY_EXPORT_MAX_ANSWERS) {
        more = true;
        break;
      }
      as.addRow(spreadsheetRow(answerRow(a, name(a.agencyId), scope))).commit();
      written++;
    }
    if (more || page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  as.commit();

  const lines = [
    `导出人：${scope.owner}`,
    `导出时间：${cst(scope.now)}（北京时间）`,
    `包含机构：${ids.map(name).join('、') || '无'}`,
    `训练记录：${Math.min(trainings.length, HISTORY_EXPORT_MAX_TRAININGS)} 条${
      trainings.length > HISTORY_EXPORT_MAX_TRAININGS
        ? `（超过 ${HISTORY_EXPORT_MAX_TRAININGS} 条，只导出最早的部分）`
        : ''
    }`,
    `答题记录：${written} 条${more ? `（超过 ${HISTORY_EXPORT_MAX_ANSWERS} 条，只导出最早的部分；可按机构分别导出）` : ''}`,
    '说明：文件不含标准答案和解析；进行中的试卷交卷后才显示题目、结果和得分；题目在进行中的试卷或训练中时，其他记录中的结果和得分在完成后才显示；批改结果尚未公布的试卷不显示结果。',
  ];
  // Last: the streaming writer writes a sheet whole before the next, and these lines need the counts.
  const info = wb.addWorksheet('说明');
  info.getColumn(1).width = 80;
  for (const l of lines) info.addRow(spreadsheetRow([l])).commit();
  info.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}
