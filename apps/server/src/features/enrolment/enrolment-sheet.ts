// The enrolment templates (docs/enrolment.md "Template", "Kinds"): their columns per kind (students, teachers,
// parents), the empty workbook with its 说明 sheet, and the check of one row. Reading goes through the bounded xlsx
// reader of the question import (xlsx-read.ts).
import type { EnrolmentKind, EnrolmentRowError } from '@edu/contract';
import ExcelJS from 'exceljs';
import { checkNewPassword } from '../../lib/password.js';
import { prefixedUsername, usernamePrefix, USERNAME_PART_RE } from '../users/accounts.js';
import { spreadsheetRow } from '../../lib/download.js';
import { MAX_LINKS } from '../parents/parents.policy.js';
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
/** As the parent create dialog (docs/parents.md): at most 32 characters. */
export const PARENT_NAME_MAX = 32;
/** A parent's username is stored as given, no agency prefix (the parent create dialog's rule). */
export const PARENT_USERNAME_RE = /^[A-Za-z0-9_.-]{3,32}$/;
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

/** A row's cells by field; a kind reads only the fields it has columns for (the others stay ''). */
export type Field = 'name' | 'username' | 'grade' | 'subjects' | 'children' | 'password';

/** What differs between the kinds (docs/enrolment.md "Kinds"): the sheet, its columns, its help. */
export interface KindSheet {
  kind: EnrolmentKind;
  /** 学生 / 教师 / 家长: the sheet's name and the noun of the messages. */
  label: string;
  columns: Partial<Record<Field, string>>;
  headers: string[];
  /** Columns the header row must have. */
  required: Field[];
  instructions: [string, string][];
  examples: string[][];
}

const TEACHER_COLUMNS = { name: '姓名', username: '用户名', subjects: '学科', password: '初始密码' } as const;
const PARENT_COLUMNS = { name: '姓名', username: '用户名', children: '孩子用户名', password: '初始密码' } as const;
const MODES_HELP = (label: string): [string, string][] => [
  ['', ''],
  [
    '提交方式',
    `“全部正确才注册”：任一行有错误时不注册任何${label}；“只注册正确的行”：注册正确的行，错误的行列在报告中。`,
  ],
  ['初始密码', `注册完成后，初始密码（含自动生成的）只能下载一次，下载后服务器即删除，请妥善保存并分发给${label}。`],
];

export const KIND_SHEETS: Record<EnrolmentKind, KindSheet> = {
  student: {
    kind: 'student',
    label: '学生',
    columns: COLUMNS,
    headers: HEADERS,
    required: ['name', 'grade'],
    instructions: INSTRUCTIONS,
    examples: EXAMPLES,
  },
  teacher: {
    kind: 'teacher',
    label: '教师',
    columns: TEACHER_COLUMNS,
    headers: Object.values(TEACHER_COLUMNS),
    required: ['name'],
    instructions: [
      [TEACHER_COLUMNS.name, '必填。教师的真实姓名，最多 40 个字。'],
      [
        TEACHER_COLUMNS.username,
        '可空：留空时自动生成（机构标识加编号，如 demo_t0001）。填写时 2–40 位，只能包含字母、数字、下划线、点和连字符，以字母或数字开头；保存时自动加上机构前缀（如 wang → demo_wang）；不能与文件中的其他行或已有账号重复。',
      ],
      [
        TEACHER_COLUMNS.subjects,
        '可空。任教的一个或多个学科名称（如 英语、数学），用顿号“、”分隔，须为平台已有的学科。',
      ],
      [
        TEACHER_COLUMNS.password,
        '可空：留空时自动生成随机密码。填写时须符合密码规则（8–128 个字符，不能是常见密码或太容易猜到的密码，不能与用户名相同）。教师首次登录后必须修改密码。',
      ],
      ...MODES_HELP('教师'),
    ],
    examples: [
      ['王老师', '', '英语', ''],
      ['陈老师', 'chen.t', '数学、物理', 'Maple-River-63'],
    ],
  },
  parent: {
    kind: 'parent',
    label: '家长',
    columns: PARENT_COLUMNS,
    headers: Object.values(PARENT_COLUMNS),
    required: ['name', 'children'],
    instructions: [
      [PARENT_COLUMNS.name, `必填。家长的姓名，最多 ${PARENT_NAME_MAX} 个字。`],
      [
        PARENT_COLUMNS.username,
        '可空：留空时自动生成（机构标识加编号，如 demo_p0001）。填写时 3–32 位，只能包含字母、数字、下划线、点和连字符，按原样保存（家长账号可关联多个机构的孩子，不加机构前缀）；不能与文件中的其他行或已有账号重复（不区分大小写）。',
      ],
      [
        PARENT_COLUMNS.children,
        `必填。要关联的孩子：本机构学生的用户名，多个用顿号“、”分隔，最多 ${MAX_LINKS} 个；可省略机构前缀（如 zhang3 即 demo_zhang3）。`,
      ],
      [
        PARENT_COLUMNS.password,
        '可空：留空时自动生成随机密码。填写时须符合密码规则（8–128 个字符，不能是常见密码或太容易猜到的密码，不能与用户名相同）。家长首次登录后必须修改密码。',
      ],
      ...MODES_HELP('家长'),
    ],
    examples: [
      ['张三的妈妈', '', 'demo_s0001', ''],
      ['李四的爸爸', 'lisi.dad', 'lisi2026、lisi2027', 'Quiet-Orchard-25'],
    ],
  },
};

/** The empty template: the header row on the kind's sheet (学生, 教师, 家长), the column rules and examples on 说明. */
export async function enrolmentTemplate(kind: EnrolmentKind = 'student'): Promise<Buffer> {
  const spec = KIND_SHEETS[kind];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(spec.label);
  ws.addRow([...spec.headers]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 18));
  const help = wb.addWorksheet('说明');
  help.addRow(['列', '填写说明']);
  help.getRow(1).font = { bold: true };
  for (const r of spec.instructions) help.addRow(r);
  help.addRow([]);
  help.addRow([`示例（复制到“${spec.label}”工作表使用）`]).font = { bold: true };
  help.addRow([...spec.headers]);
  for (const r of spec.examples) help.addRow(r);
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

/** One row as read, its cells trimmed ('' for a column the kind has not). */
export interface RawRow {
  row: number;
  name: string;
  username: string;
  grade: string;
  subjects: string;
  children: string;
  password: string;
}

/** A row that passed every check, with ids resolved (username and password may still be generated). */
export interface CheckedRow {
  row: number;
  name: string;
  username: string | null;
  /** Students only; null for the other kinds. */
  gradeId: string | null;
  subjectIds: string[];
  /** Parents only: the agency's students to link. */
  childIds: number[];
  password: string | null;
}

export interface Dictionaries {
  /** Grade by id and by name. */
  grades: Map<string, string>;
  subjects: Map<string, string>;
  /** Parents only: the agency's students by username (./enrolment.repository.ts `agencyStudentsByUsername`). */
  children?: Map<string, number>;
}

/** What the password rule weighs a given password against: the username as it will be stored, and the name. */
export function passwordInputs(raw: RawRow, agencyId: string, kind: EnrolmentKind = 'student'): string[] {
  if (kind === 'parent') return [raw.username, raw.name];
  const prefix = usernamePrefix(agencyId);
  const part = raw.username.startsWith(prefix) ? raw.username.slice(prefix.length) : raw.username;
  return [raw.username === '' ? '' : prefixedUsername(agencyId, part), raw.name];
}

/** The child usernames a parent row names: split like subjects (、 or a comma, semicolon or space). */
export const childNames = (raw: RawRow) => raw.children.split(SUBJECT_SEPARATOR).filter(Boolean);

/** How a child's username may be written: as stored, or without the agency prefix. */
export const childCandidates = (agencyId: string, name: string) => [name, prefixedUsername(agencyId, name)];

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
  kind: EnrolmentKind = 'student',
): { problems: EnrolmentRowError[]; checked?: CheckedRow } {
  const { columns } = KIND_SHEETS[kind];
  const col = (f: Field) => columns[f] ?? f;
  const problems: EnrolmentRowError[] = [];
  const bad = (column: string, message: string) => problems.push({ row: raw.row, column, message });
  for (const [key, header] of Object.entries(columns))
    if (CONTROL.test(raw[key as Field])) bad(header, '含有不允许的控制字符（如 NUL）');
  if (problems.length) return { problems };

  const nameMax = kind === 'parent' ? PARENT_NAME_MAX : NAME_MAX;
  if (raw.name === '') bad(col('name'), '姓名不能为空');
  else if (raw.name.length > nameMax) bad(col('name'), `姓名最多 ${nameMax} 个字`);

  let username: string | null;
  if (kind === 'parent') {
    // As given: a parent account is the platform's, not the agency's (the parent create dialog's rule).
    username = raw.username === '' ? null : raw.username;
    if (username !== null && !PARENT_USERNAME_RE.test(username))
      bad(col('username'), '用户名须为 3–32 位字母、数字、下划线、点或连字符');
  } else {
    // Stored with the agency prefix (docs/users.md "Usernames"), whether the file carries it or not.
    const prefix = usernamePrefix(agencyId);
    const part = raw.username.startsWith(prefix) ? raw.username.slice(prefix.length) : raw.username;
    username = raw.username === '' ? null : prefixedUsername(agencyId, part);
    if (username !== null && !USERNAME_PART_RE.test(part))
      bad(col('username'), '用户名须为 2–40 位字母、数字、下划线、点或连字符，并以字母或数字开头');
  }

  let gradeId: string | null = null;
  if (kind === 'student') {
    gradeId = dict.grades.get(raw.grade) ?? dict.grades.get(gradeKey(raw.grade)) ?? null;
    if (raw.grade === '') bad(col('grade'), '年级不能为空');
    else if (!gradeId) bad(col('grade'), `年级“${raw.grade}”不存在`);
  }

  const subjectIds: string[] = [];
  if (kind !== 'parent')
    for (const s of raw.subjects.split(SUBJECT_SEPARATOR).filter(Boolean)) {
      const id = dict.subjects.get(s);
      if (!id) bad(col('subjects'), `学科“${s}”不存在`);
      else if (!subjectIds.includes(id)) subjectIds.push(id);
    }

  const childIds: number[] = [];
  if (kind === 'parent') {
    const names = childNames(raw);
    if (names.length === 0) bad(col('children'), '孩子用户名不能为空：请填写要关联的本机构学生的用户名');
    for (const n of names) {
      const id = childCandidates(agencyId, n)
        .map((c) => dict.children?.get(c))
        .find((x) => x !== undefined);
      if (id === undefined) bad(col('children'), `孩子“${n}”不是本机构的学生`);
      else if (!childIds.includes(id)) childIds.push(id);
    }
    if (childIds.length > MAX_LINKS) bad(col('children'), `一个家长最多关联 ${MAX_LINKS} 个孩子`);
  }

  const password = raw.password === '' ? null : raw.password;
  if (password !== null) {
    const problem =
      passwordProblem !== undefined ? passwordProblem : checkNewPassword(password, passwordInputs(raw, agencyId, kind));
    if (problem) bad(col('password'), problem.replace(/^新密码/, '初始密码'));
  }
  if (problems.length) return { problems };
  return { problems, checked: { row: raw.row, name: raw.name, username, gradeId, subjectIds, childIds, password } };
}
