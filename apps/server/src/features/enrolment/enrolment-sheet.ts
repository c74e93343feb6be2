// The enrolment template (docs/enrolment.md "Template"): its columns, the empty workbook with its 说明 sheet, and
// the check of one row. Reading goes through the bounded xlsx reader of the question import (xlsx-read.ts).
import type { EnrolmentRowError } from '@edu/contract';
import ExcelJS from 'exceljs';
import { checkNewPassword } from '../../lib/password.js';
import { prefixedUsername, usernamePrefix, USERNAME_PART_RE } from '../users/accounts.js';
import { spreadsheetRow } from '../../lib/download.js';
import { gradeKey } from './grade-aliases.js';

export const ENROL_SHEET = '学生';

/** The columns, in the template's order. */
export const COLUMNS = {
  name: '姓名',
  username: '用户名',
  grade: '年级',
  subjects: '学科',
  password: '初始密码',
} as const;
export const HEADERS = Object.values(COLUMNS);

/** As the user pages (docs/users.md): at most 40 characters. */
export const NAME_MAX = 40;
/** Several subjects in one cell: 、 (as the template says), or a comma, semicolon or space. */
export const SUBJECT_SEPARATOR = /[、,，;；\s]+/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const INSTRUCTIONS: [string, string][] = [
  [COLUMNS.name, '必填。学生的真实姓名，最多 40 个字。'],
  [
    COLUMNS.username,
    '可空：留空时自动生成（机构标识加编号，如 demo_s0001）。填写时 2–40 位，只能包含字母、数字、下划线、点和连字符，以字母或数字开头；保存时自动加上机构前缀（如 zhang3 → demo_zhang3）；不能与文件中的其他行或已有账号重复。',
  ],
  [
    COLUMNS.grade,
    '必填。年级名称（如 初一）或年级编码，须为平台已有的年级；七年级、初中一年级、初1 等写法也可以（读作 初一，高中、小学同理）。',
  ],
  [COLUMNS.subjects, '可空。一个或多个学科名称（如 英语、数学），用顿号“、”分隔，须为平台已有的学科。'],
  [
    COLUMNS.password,
    '可空：留空时自动生成随机密码。填写时须符合密码规则（8–128 个字符，不能是常见密码或太容易猜到的密码，不能与用户名相同）。学生首次登录后必须修改密码。',
  ],
  ['', ''],
  ['提交方式', '“全部正确才注册”：任一行有错误时不注册任何学生；“只注册正确的行”：注册正确的行，错误的行列在报告中。'],
  ['初始密码', '注册完成后，初始密码（含自动生成的）只能下载一次，下载后服务器即删除，请妥善保存并分发给学生。'],
];

const EXAMPLES: string[][] = [
  ['张三', '', '初一', '英语、数学', ''],
  ['李四', 'lisi2026', '初二', '英语', 'Spring-Lake-74'],
];

/** The empty template: the header row on 学生, the column rules and examples on 说明. */
export async function enrolmentTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(ENROL_SHEET);
  ws.addRow([...HEADERS]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 18));
  const help = wb.addWorksheet('说明');
  help.addRow(['列', '填写说明']);
  help.getRow(1).font = { bold: true };
  for (const r of INSTRUCTIONS) help.addRow(r);
  help.addRow([]);
  help.addRow(['示例（复制到“学生”工作表使用）']).font = { bold: true };
  help.addRow([...HEADERS]);
  for (const r of EXAMPLES) help.addRow(r);
  help.getColumn(1).width = 14;
  help.getColumn(2).width = 100;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The initial passwords' workbook (downloaded once). */
export async function passwordsWorkbook(rows: readonly { name: string; username: string; password: string }[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('初始密码');
  ws.addRow(['姓名', '用户名', '初始密码']);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(spreadsheetRow([r.name, r.username, r.password]));
  ws.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The job's per-row report as a workbook (docs/enrolment.md "Calls"): 行号, 列, 原因, and a note when it is cut. */
export async function errorReportWorkbook(errors: readonly EnrolmentRowError[], errorCount: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('错误报告');
  ws.addRow(['行号', '列', '原因']);
  ws.getRow(1).font = { bold: true };
  // The messages quote the file's own cells: through spreadsheetRow (docs/security.md "Exports").
  for (const e of errors) ws.addRow(spreadsheetRow([e.row, e.column, e.message]));
  if (errors.length < errorCount) ws.addRow([`共 ${errorCount} 处错误，只列出前 ${errors.length} 处`]);
  ws.columns.forEach((c, i) => (c.width = i === 2 ? 60 : 12));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One row as read, its cells trimmed. */
export interface RawRow {
  row: number;
  name: string;
  username: string;
  grade: string;
  subjects: string;
  password: string;
}

/** A row that passed every check, with ids resolved (username and password may still be generated). */
export interface CheckedRow {
  row: number;
  name: string;
  username: string | null;
  gradeId: string;
  subjectIds: string[];
  password: string | null;
}

export interface Dictionaries {
  /** Grade by id and by name. */
  grades: Map<string, string>;
  subjects: Map<string, string>;
}

/**
 * Checks what one row can be checked for alone (the file-wide and database checks of usernames come after):
 * answers the row's problems, or the checked row.
 */
/** What the password rule weighs a given password against: the username as it will be stored, and the name. */
export function passwordInputs(raw: RawRow, agencyId: string): string[] {
  const prefix = usernamePrefix(agencyId);
  const part = raw.username.startsWith(prefix) ? raw.username.slice(prefix.length) : raw.username;
  return [raw.username === '' ? '' : prefixedUsername(agencyId, part), raw.name];
}

/**
 * Checks what one row can be checked for alone (the file-wide and database checks of usernames come after):
 * answers the row's problems, or the checked row. `passwordProblem` is the password rule's answer when the caller
 * already asked it (off the event loop, ./password-check-pool.ts); absent, the rule is asked here.
 */
export function checkRow(
  raw: RawRow,
  dict: Dictionaries,
  agencyId: string,
  passwordProblem?: string | null,
): { problems: EnrolmentRowError[]; checked?: CheckedRow } {
  const problems: EnrolmentRowError[] = [];
  const bad = (column: string, message: string) => problems.push({ row: raw.row, column, message });
  for (const [key, header] of Object.entries(COLUMNS))
    if (CONTROL.test(raw[key as keyof typeof COLUMNS])) bad(header, '含有不允许的控制字符（如 NUL）');
  if (problems.length) return { problems };

  if (raw.name === '') bad(COLUMNS.name, '姓名不能为空');
  else if (raw.name.length > NAME_MAX) bad(COLUMNS.name, `姓名最多 ${NAME_MAX} 个字`);

  // Stored with the agency prefix (docs/users.md "Usernames"), whether the file carries it or not.
  const prefix = usernamePrefix(agencyId);
  const part = raw.username.startsWith(prefix) ? raw.username.slice(prefix.length) : raw.username;
  const username = raw.username === '' ? null : prefixedUsername(agencyId, part);
  if (username !== null && !USERNAME_PART_RE.test(part))
    bad(COLUMNS.username, '用户名须为 2–40 位字母、数字、下划线、点或连字符，并以字母或数字开头');

  const gradeId = dict.grades.get(raw.grade) ?? dict.grades.get(gradeKey(raw.grade));
  if (raw.grade === '') bad(COLUMNS.grade, '年级不能为空');
  else if (!gradeId) bad(COLUMNS.grade, `年级“${raw.grade}”不存在`);

  const subjectIds: string[] = [];
  for (const s of raw.subjects.split(SUBJECT_SEPARATOR).filter(Boolean)) {
    const id = dict.subjects.get(s);
    if (!id) bad(COLUMNS.subjects, `学科“${s}”不存在`);
    else if (!subjectIds.includes(id)) subjectIds.push(id);
  }

  const password = raw.password === '' ? null : raw.password;
  if (password !== null) {
    const problem =
      passwordProblem !== undefined ? passwordProblem : checkNewPassword(password, passwordInputs(raw, agencyId));
    if (problem) bad(COLUMNS.password, problem.replace(/^新密码/, '初始密码'));
  }
  if (problems.length) return { problems };
  return { problems, checked: { row: raw.row, name: raw.name, username, gradeId: gradeId!, subjectIds, password } };
}
