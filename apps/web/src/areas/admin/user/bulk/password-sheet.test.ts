import { describe, expect, it } from 'vitest';
import { passwordsCsv, sheetCell } from './password-sheet';

describe('the one-time password sheet', () => {
  it('writes formula-like cells as text (docs/security.md "Exports")', () => {
    for (const c of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'x"]) expect(sheetCell(c)).toBe(`'${c}`);
    expect(sheetCell('王小明')).toBe('王小明');
  });

  it('is UTF-8 CSV with a BOM, quoting commas, quotes and line breaks', () => {
    const csv = passwordsCsv(
      [
        { id: '1', name: '=HYPERLINK("x")', username: 'demo_s0001', password: 'abcd-EFGH-2345' },
        { id: '2', name: '李,小红', username: 'demo_s0002', password: 'wxyz-PQRS-6789' },
      ],
      ['姓名', '用户名', '新密码'],
    );
    expect(csv).toBe(
      '\uFEFF姓名,用户名,新密码\r\n"\'=HYPERLINK(""x"")",demo_s0001,abcd-EFGH-2345\r\n"李,小红",demo_s0002,wxyz-PQRS-6789\r\n',
    );
  });
});
