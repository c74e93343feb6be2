// parseZh parses plainly first and words a failure's issues in Chinese by parsing again (zod-issues.ts): a value
// that passes comes back as one parse with the map would give it, and one that fails names its fields in Chinese.
import { requestOf, TrainingAnswerRequest } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFields, parseZh } from './zod-issues.js';

const body = requestOf(TrainingAnswerRequest);
const zhCN = z.locales.zhCN().localeError;

describe('parseZh', () => {
  it('answers a valid value as a parse with the Chinese map does (defaults and trimming applied)', () => {
    const value = { request: { clientAnswerId: '  abcdefgh-1 ', questionId: '12' } };
    const r = parseZh(body, value);
    expect(r.success).toBe(true);
    expect(r.data).toEqual(body.safeParse(value, { error: zhCN }).data);
    expect(r.data).toEqual({ request: { clientAnswerId: 'abcdefgh-1', questionId: '12', answer: [] } });
  });

  it("words an invalid value's issues in Chinese: the contract's own messages and zod's zh-CN ones", () => {
    const r = parseZh(body, { request: { clientAnswerId: 'short', questionId: '12', answer: [3] } });
    expect(r.success).toBe(false);
    const fields = issuesToFields(r.error!.issues);
    expect(fields).toContainEqual({ path: 'request.clientAnswerId', message: 'clientAnswerId 至少 8 个字符' });
    const typeIssue = fields.find((f) => f.path === 'request.answer.0');
    expect(typeIssue?.message).toMatch(/[\u4e00-\u9fff]/);
    expect(fields).toEqual(
      issuesToFields(
        body.safeParse({ request: { clientAnswerId: 'short', questionId: '12', answer: [3] } }, { error: zhCN }).error!
          .issues,
      ),
    );
  });
});
