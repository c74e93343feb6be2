// What every export writes (docs/security.md "Exports"): spreadsheet cells a spreadsheet program would read as a
// formula go out as text, and a download's file name is encoded (RFC 6266), never copied raw into the header.

/** First characters that make Excel, LibreOffice or a CSV reader take a cell as a formula (or a DDE call). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What an escaped cell starts with: the apostrophe spreadsheet programs read as "this is text". */
const TEXT_MARK = "'";

/**
 * A cell value as written to an Excel or CSV export: text that starts like a formula gets a leading apostrophe.
 * Text already starting with an apostrophe gets one more, so that `textFromCell` gives every value back.
 * Numbers, booleans, dates and empty cells are written as they are.
 */
export function spreadsheetCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) || value.startsWith(TEXT_MARK) ? TEXT_MARK + value : value;
}

/** A row of cells, each through `spreadsheetCell`. */
export const spreadsheetRow = (values: readonly unknown[]): unknown[] => values.map(spreadsheetCell);

/** The value `spreadsheetCell` wrote, read back from an imported cell (the question import reads its own export). */
export function textFromCell(cell: string): string {
  if (!cell.startsWith(TEXT_MARK)) return cell;
  const rest = cell.slice(1);
  return FORMULA_START.test(rest) || rest.startsWith(TEXT_MARK) ? rest : cell;
}

/** RFC 5987 `value-chars`: percent-encoding with `'`, `(`, `)` and `*` encoded too. */
const encodeExtValue = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` for a file name of any text (titles included): an ASCII fallback with every
 * character that could end or bend the quoted string (`"`, `\`, controls, non-ASCII) replaced by `_`, and the
 * exact name in `filename*` (RFC 6266), which browsers prefer.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
