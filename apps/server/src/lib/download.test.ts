import { describe, expect, it } from 'vitest';
import { contentDisposition, spreadsheetCell, spreadsheetRow, textFromCell } from './download.js';

describe('spreadsheetCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil","点我")'])(
    'writes %j as text with a leading apostrophe',
    (v) => expect(spreadsheetCell(v)).toBe(`'${v}`),
  );

  it('leaves other text, numbers, null and dates as they are', () => {
    const d = new Date(0);
    expect(spreadsheetRow(['张三', 'a=b', ' =1', 5, -5, null, d, true])).toEqual([
      '张三',
      'a=b',
      ' =1',
      5,
      -5,
      null,
      d,
      true,
    ]);
  });

  it('gives every value back through textFromCell, an apostrophe of the value included', () => {
    for (const v of ['=1', '-', "'", "'=1", "''x", "'abc", 'plain', '', '@'])
      expect(textFromCell(spreadsheetCell(v))).toBe(v);
    expect(textFromCell("'abc")).toBe("'abc");
  });
});

describe('contentDisposition', () => {
  it('keeps quotes, backslashes and line breaks out of the quoted name, and encodes the exact one', () => {
    const h = contentDisposition('a"b\\c\r\nSet-Cookie: x=1;成绩.xlsx');
    expect(h).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x=1___.xlsx"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%E6%88%90%E7%BB%A9.xlsx`,
    );
    expect(h).not.toMatch(/[\r\n]/);
  });

  it("encodes RFC 5987's reserved ' ( ) * as well", () => {
    expect(contentDisposition("it's (1)*.csv")).toContain("filename*=UTF-8''it%27s%20%281%29%2A.csv");
  });
});
