// The selected students or teachers as an Excel workbook (docs/users.md "Bulk actions"; exceljs, as the other
// exports). Names and usernames come from people: every row goes through spreadsheetRow (docs/security.md "Exports").
import { cstMinutes } from '@edu/contract';
import ExcelJS from 'exceljs';
import { spreadsheetRow } from '../../lib/download.js';
import type { MemberKind, MemberRow } from './users.repository.js';

const SHEET: Record<MemberKind, string> = { student: '学生', teacher: '教师' };

/** Creation times in China Standard Time, like every time the product shows (docs/tasks.md). */
const cstText = (d: Date) => cstMinutes(d.getTime());

export function memberHeaders(kind: MemberKind): string[] {
  return ['姓名', '用户名', ...(kind === 'student' ? ['年级'] : []), '学科', '状态', '待改密码', '创建时间'];
}

export async function membersWorkbook(
  kind: MemberKind,
  rows: readonly MemberRow[],
  subjectNames: ReadonlyMap<string, string>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(SHEET[kind]);
  ws.addRow(memberHeaders(kind));
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      spreadsheetRow([
        r.name,
        r.username,
        ...(kind === 'student' ? [r.gradeName ?? ''] : []),
        r.subjectIds.map((id) => subjectNames.get(id) ?? id).join('、'),
        r.disabledAt ? '已停用' : '正常',
        r.mustChangePassword ? '是' : '否',
        cstText(r.createdAt),
      ]),
    );
  ws.columns.forEach((c, i) => (c.width = i === 1 ? 24 : 14));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
