// What the organisation journey prepares and reads outside the browser: a paper with a manually marked short answer
// (set up over HTTP as the demo agency admin), the enrolment sheet filled in with exceljs, the downloaded initial
// passwords read back, and a raw call that answers the envelope's error instead of throwing.
import ExcelJS from 'exceljs';
import { api, apiLogin } from './training-api.js';

/** A grade-7 knowledge point of the demo tree (docs/domain.md "Demo data"). */
const KP = 'en.g7.c1.k1.k2';

/** The answers the journey gives: the choice right, the true/false wrong, the short answer left to a teacher. */
export const PAPER_ANSWERS = {
  choice: 'B',
  trueFalse: '错',
  shortAnswer: 'On Sunday I visited my grandparents and we cooked dumplings together.',
} as const;

export interface OrgPaper {
  schemeId: string;
  title: string;
}

async function owned(baseURL: string, token: string, path: string): Promise<string> {
  const list = await api<{ list: { id: string; owned: boolean }[] }>(baseURL, 'GET', path, token);
  const mine = list.list.find((r) => r.owned);
  if (!mine) throw new Error(`no owned repository at ${path}`);
  return mine.id;
}

/** A paper of three questions in demo's bank: a single choice (B), a true/false (对) and a short answer. */
export async function createShortAnswerPaper(baseURL: string, title: string): Promise<OrgPaper> {
  const token = await apiLogin(baseURL, 'agency');
  const repoId = await owned(baseURL, token, '/v1/exam/repositories');
  const create = async (fields: Record<string, unknown>) =>
    (
      await api<{ id: string }>(baseURL, 'PUT', '/v1/exam/question', token, {
        agencyId: 'demo',
        repoId,
        knowledgeId: KP,
        explanation: '',
        ...fields,
      })
    ).id;
  const questionIds = [
    await create({
      type: 'singleChoice',
      judgeType: 'auto',
      question: `<p>${title}：I have ___ English book.</p>`,
      options: [
        { key: 'A', content: '<p>a</p>' },
        { key: 'B', content: '<p>an</p>' },
        { key: 'C', content: '<p>the two</p>' },
      ],
      answer: ['B'],
    }),
    await create({
      type: 'trueFalse',
      judgeType: 'auto',
      question: `<p>${title}：“child” 的复数是 “children”。</p>`,
      answer: ['T'],
    }),
    await create({
      type: 'shortAnswer',
      judgeType: 'manual',
      question: `<p>${title}：用一两句英语写写你上个周末做了什么。</p>`,
      answer: ['Last weekend I played football with my friends.'],
      explanation: '<p>注意使用一般过去时。</p>',
    }),
  ];
  const trainRepoId = await owned(baseURL, token, '/v1/train/repositories');
  const scheme = await api<{ schemeId: string }>(baseURL, 'POST', '/v1/train/scheme/ordered/submit', token, {
    title,
    kpRange: ['en.g7'],
    timeLimit: 1800,
    questionIds,
    trainRepoId,
  });
  await api(baseURL, 'POST', `/v1/train/scheme/${scheme.schemeId}/on`, token);
  return { schemeId: scheme.schemeId, title };
}

export interface EnrolRow {
  name: string;
  username: string;
  grade: string;
  subjects: string;
  password: string;
}

/** The filled-in template: the rows written under the header of its 学生 sheet (found by name). */
export async function fillTemplate(template: Buffer, rows: readonly EnrolRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('学生');
  if (!ws) throw new Error('the template has no 学生 sheet');
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const at = (h: string) => {
    const i = header.indexOf(h);
    if (i < 0) throw new Error(`the template has no column ${h}: ${header.join(',')}`);
    return i + 1;
  };
  const cols = {
    name: at('姓名'),
    username: at('用户名'),
    grade: at('年级'),
    subjects: at('学科'),
    password: at('初始密码'),
  };
  rows.forEach((r, i) => {
    const row = ws.getRow(i + 2);
    for (const [key, col] of Object.entries(cols))
      if (r[key as keyof EnrolRow]) row.getCell(col).value = r[key as keyof EnrolRow];
    row.commit();
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The header of the template's 学生 sheet. */
export async function templateHeader(template: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  return ((wb.getWorksheet('学生')?.getRow(1).values as unknown[] | undefined) ?? []).slice(1).map(String);
}

/** The downloaded initial passwords: username → password. */
export async function readPasswords(file: Buffer): Promise<Map<string, string>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out = new Map<string, string>();
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const [, , username, password] = row.values as unknown[];
    out.set(String(username), String(password));
  });
  return out;
}

/** A call answering the envelope whatever its errno (for the refusals the journey checks). */
export async function rawCall(
  baseURL: string,
  method: string,
  path: string,
  token: string,
): Promise<{ status: number; errno: number; errmsg: string }> {
  const r = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Accept: 'application/json', 'X-Agency-Id': 'demo', Authorization: `Bearer ${token}` },
  });
  const body = (await r.json()) as { errno: number; errmsg: string };
  return { status: r.status, errno: body.errno, errmsg: body.errmsg };
}
