// Homework scores as an Excel workbook (exceljs, the writer the question export uses in features/transfer/).
import { cstMinutes } from '@edu/contract';
import type { HomeworkScoreRow } from '@edu/contract';
import ExcelJS from 'exceljs';
import { spreadsheetRow } from '../../lib/download.js';

const PROGRESS = { not_started: '未开始', running: '进行中', done: '已完成' } as const;

/** Times in the sheet are China Standard Time, like every day the product counts (docs/tasks.md). */
export function cstText(ms: number | null): string {
  if (ms === null) return '';
  return cstMinutes(ms);
}

export const SCORE_HEADERS = [
  '任务',
  '班级',
  '截止时间',
  '学生',
  '用户名',
  '状态',
  '得分',
  '满分',
  '计入成绩',
  '迟交',
  '开始时间',
  '结束时间',
];

export async function scoresWorkbook(rows: readonly HomeworkScoreRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('成绩');
  ws.addRow(SCORE_HEADERS);
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    // Text from people (titles, names) goes out as text, never as a formula (docs/security.md "Exports").
    ws.addRow(
      spreadsheetRow([
        r.taskTitle,
        r.className ?? '指定学生',
        cstText(r.deadline),
        r.name,
        r.username,
        PROGRESS[r.progress],
        r.score,
        r.maxScore,
        r.taskScore,
        r.late ? '是' : '否',
        cstText(r.startTime),
        cstText(r.endTime),
      ]),
    );
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 24 : 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
