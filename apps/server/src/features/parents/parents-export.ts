// The selected parents as an Excel workbook (docs/parents.md "Bulk actions"; exceljs, as the other exports). Names
// come from people: every row goes through spreadsheetRow (docs/security.md "Exports").
import { cstMinutes } from '@edu/contract';
import ExcelJS from 'exceljs';
import { spreadsheetRow } from '../../lib/download.js';

export const PARENT_HEADERS = ['姓名', '用户名', '孩子（本机构学生）', '来源', '待改密码', '创建时间'];

/** One exported parent: what the list page shows of it (docs/parents.md "The agency's parents"). */
export interface ParentExportRow {
  name: string;
  username: string;
  children: readonly string[];
  createdHere: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
}

export async function parentsWorkbook(rows: readonly ParentExportRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('家长');
  ws.addRow(PARENT_HEADERS);
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      spreadsheetRow([
        r.name,
        r.username,
        r.children.join('、'),
        r.createdHere ? '本机构创建' : '通过孩子绑定',
        r.mustChangePassword ? '是' : '否',
        // China Standard Time, like every time the product shows (docs/tasks.md).
        cstMinutes(r.createdAt.getTime()),
      ]),
    );
  ws.columns.forEach((c, i) => (c.width = [14, 24, 30, 14, 10, 18][i] ?? 14));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
