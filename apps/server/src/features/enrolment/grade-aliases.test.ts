import { describe, expect, it } from 'vitest';
import { GRADES } from '../../seed/seed-data.js';
import { GRADE_ALIASES, gradeKey } from './grade-aliases.js';

describe('grade aliases (docs/enrolment.md "Template")', () => {
  it('name the platform grades: 七年级 = 初一, 九年级 = 初三, 十年级 = 高一, 高中三年级 = 高三, 小学二年级 = 二年级', () => {
    expect(GRADE_ALIASES.get('七年级')).toBe('初一');
    expect(GRADE_ALIASES.get('八年级')).toBe('初二');
    expect(GRADE_ALIASES.get('九年级')).toBe('初三');
    expect(GRADE_ALIASES.get('十年级')).toBe('高一');
    expect(GRADE_ALIASES.get('十二年级')).toBe('高三');
    expect(GRADE_ALIASES.get('高中三年级')).toBe('高三');
    expect(GRADE_ALIASES.get('初1')).toBe('初一');
    expect(GRADE_ALIASES.get('7年级')).toBe('初一');
    expect(GRADE_ALIASES.get('小学二年级')).toBe('二年级');
  });

  it('every alias names a grade the platform has, and none is a grade name itself', () => {
    const names = new Set(GRADES.map((g) => g.name));
    for (const [alias, name] of GRADE_ALIASES) {
      expect(names.has(name), `${alias} → ${name}`).toBe(true);
      expect(names.has(alias), alias).toBe(false);
    }
  });

  it('reads a cell without its blanks', () => {
    expect(gradeKey(' 初 一 ')).toBe('初一');
  });
});
