// The one-time passwords of a bulk reset as a CSV file the admin downloads (docs/users.md "Bulk actions"). Cells
// that a spreadsheet program would read as a formula are written as text, as every export does
// (docs/security.md "Exports").
import type { BulkPassword } from '@edu/contract';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: a leading apostrophe before formula-like text (or text already starting with one). */
export function sheetCell(value: string): string {
  return FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value;
}

/** One CSV field: quoted when it holds a comma, quote or line break. */
const csvField = (value: string) => {
  const cell = sheetCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

/** The CSV text (with a BOM, so Excel reads it as UTF-8): 姓名, 用户名, 新密码. */
export function passwordsCsv(list: readonly BulkPassword[], headers: readonly string[]): string {
  const lines = [headers, ...list.map((p) => [p.name, p.username, p.password])].map((r) => r.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
