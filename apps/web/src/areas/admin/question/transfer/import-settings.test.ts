import { describe, expect, it } from 'vitest';
import { fileProblem, formatFromFileName, importQuery, validateSettings } from './import-settings';
import { jobPercent } from '../../../../app/job';
import { whereText } from './ItemIssuesTable';
import { importBlocker } from './ImportReportView';

describe('import settings', () => {
  it('infers the format from the extension, in any case', () => {
    expect(formatFromFileName('quiz.XML')).toBe('moodle');
    expect(formatFromFileName('quiz.gift')).toBe('gift');
    expect(formatFromFileName('quiz.gift.txt')).toBe('gift');
    expect(formatFromFileName('题目.xlsx')).toBe('xlsx');
    expect(formatFromFileName('quiz.docx')).toBeUndefined();
  });

  it("refuses files over the server's size limit by name", () => {
    const max = 50 * 1024 * 1024;
    expect(fileProblem({ name: 'a.xml', size: max }, max)).toBeNull();
    expect(fileProblem({ name: 'big.xml', size: max + 1 }, max)).toBe('文件「big.xml」超过 50 MB，不能导入');
  });

  it('needs a file, a format and a repository; the knowledge point is optional', () => {
    expect(validateSettings({ file: null, mode: 'all' })).toEqual({
      file: '请选择要导入的文件',
      format: '请选择文件格式',
      repoId: '请选择目标题库',
    });
    const file = new File(['x'], 'a.gift');
    expect(validateSettings({ file, format: 'gift', repoId: 'r1', mode: 'valid' })).toEqual({});
    expect(importQuery({ file, format: 'gift', repoId: 'r1', mode: 'valid' })).toEqual({
      format: 'gift',
      repoId: 'r1',
      knowledgeId: undefined,
      mode: 'valid',
      encoding: undefined,
    });
    expect(importQuery({ file, format: 'gift', repoId: 'r1', mode: 'all', encoding: 'gb18030' })).toMatchObject({
      encoding: 'gb18030',
    });
  });
});

describe('report helpers', () => {
  const report = (errors: number, valid: number) => ({
    format: 'gift' as const,
    total: errors + valid,
    valid,
    errors: Array.from({ length: errors }, (_, i) => ({ index: i + 1, title: '', reasons: [] })),
    unsupported: [],
  });

  it('mode all with bad items, or nothing valid, blocks the import and says why', () => {
    expect(importBlocker(report(2, 3), 'all')).toContain('有 2 道题未通过校验');
    expect(importBlocker(report(2, 3), 'valid')).toBeNull();
    expect(importBlocker(report(0, 3), 'all')).toBeNull();
    expect(importBlocker(report(2, 0), 'valid')).toBe('没有可以导入的题目');
  });

  it('names the line of XML/GIFT items and the row of Excel ones', () => {
    expect(whereText({ line: 12 })).toBe('第 12 行');
    expect(whereText({ row: 3 })).toBe('第 3 行');
    expect(whereText({})).toBe('');
  });

  it('progress is processed / total, full once done', () => {
    expect(jobPercent({ status: 'validating', processed: 0, total: 0 })).toBe(0);
    expect(jobPercent({ status: 'importing', processed: 1, total: 3 })).toBe(33);
    expect(jobPercent({ status: 'done', processed: 0, total: 0 })).toBe(100);
  });
});
