import { describe, expect, it } from 'vitest';
import { question } from '../../../test/fixtures';
import { draftFromQuestion, emptyDraft, toFields, validateDraft } from './form-model';

describe('question form model', () => {
  it('keeps choice answers in option order and drops sub-questions of other types', () => {
    const d = { ...emptyDraft('multipleChoice'), answer: ['C', 'A'] };
    expect(toFields(d).answer).toEqual(['A', 'C']);
    expect(toFields({ ...d, questionSub: [emptyDraft('enReading').questionSub[0]] }).questionSub).toEqual([]);
  });

  it('a copy drops sub-question ids; an edit keeps them', () => {
    const q = question({
      type: 'enReading',
      answer: [],
      options: [],
      questionSub: [
        {
          questionSubId: 's1',
          type: 'trueFalse',
          title: 't',
          desc: '',
          answer: ['T'],
          options: [],
          status: 'accepted',
        },
      ],
    });
    expect(draftFromQuestion(q).questionSub[0].questionSubId).toBe('s1');
    expect(draftFromQuestion(q, true).questionSub[0].questionSubId).toBeUndefined();
  });

  it('validates with the contract: a complete draft passes, with agency and repository on create', () => {
    const d = draftFromQuestion(question());
    const ok = validateDraft(d, { agencyId: 'demo' });
    expect(ok.ok && ok.body).toMatchObject({ agencyId: 'demo', repoId: 'r1', answer: ['B'] });
    const missing = validateDraft({ ...d, repoId: '', knowledgeId: '' }, { agencyId: 'demo' });
    expect(!missing.ok && missing.errors).toMatchObject({ repoId: '请选择题库', knowledgeId: '请选择知识点' });
  });
});
