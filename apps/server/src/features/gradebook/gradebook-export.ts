// The class gradebook as an Excel workbook (docs/gradebook.md "Export"; exceljs, as the task score export in
// features/tasks/tasks-export.ts). It says what the page says: a score where the student finished, 未开始, 进行中
// or 未布置 as text where not (never 0: spreadsheet averages and sums skip text), the overall in %.
import type { GradebookCell } from '@edu/contract';
import ExcelJS from 'exceljs';
import { spreadsheetRow } from '../../lib/download.js';
import { cstText } from '../tasks/tasks-export.js';
import type { GradebookSheet } from './gradebook.service.js';

const STATE_TEXT = { not_assigned: '未布置', not_started: '未开始', running: '进行中' } as const;

export const GRADEBOOK_SHEET = '成绩册';
export const TASKS_SHEET = '任务';
export const OVERALL_HEADER = '总评（%）';
export const TASK_HEADERS = ['任务', '开始时间', '截止时间', '作业', '权重', '完成人数', '平均得分率（%）'];

const cellValue = (c: GradebookCell): number | string | null =>
  c.progress === 'done' ? c.score : STATE_TEXT[c.progress];

export async function gradebookWorkbook(sheet: GradebookSheet): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(GRADEBOOK_SHEET);
  // Titles and names come from people: through spreadsheetRow, never read as a formula (docs/security.md "Exports").
  ws.addRow(spreadsheetRow(['学生', '用户名', ...sheet.tasks.map((t) => t.title), OVERALL_HEADER]));
  ws.getRow(1).font = { bold: true };
  for (const r of sheet.rows) ws.addRow(spreadsheetRow([r.name, r.username, ...r.cells.map(cellValue), r.overall]));
  ws.columns.forEach((c, i) => (c.width = i < 2 ? 14 : 12));
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];

  const info = wb.addWorksheet(TASKS_SHEET);
  info.addRow(TASK_HEADERS);
  info.getRow(1).font = { bold: true };
  for (const t of sheet.tasks)
    info.addRow(
      spreadsheetRow([
        t.title,
        cstText(t.startTime),
        cstText(t.deadline),
        t.homework ? '是' : '否',
        t.weight,
        t.done,
        t.averagePercent,
      ]),
    );
  info.columns.forEach((c, i) => (c.width = i === 0 ? 24 : 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
