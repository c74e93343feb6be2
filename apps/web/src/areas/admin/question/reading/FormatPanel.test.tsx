import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OutScopeWord } from '@edu/contract';
import type { RecordedCall } from '../../../../test/fake-api';
import { FormatPanel } from './FormatPanel';
import { lookupToken, wordIndex } from './highlight';
import { readingSession, renderWith } from './reading-test-kit';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const ARTICLE = '<p>The phenomenon is ubiquitous. Ubiquitous phenomenons spread.</p>';
const WORDS: OutScopeWord[] = [
  { word: 'phenomenon', lemma: 'phenomenon', level: 'cet4', gloss: 'n. 现象', forms: ['phenomenon', 'phenomenons'] },
  { word: 'ubiquitous', lemma: 'ubiquitous', level: 'cet6', gloss: 'adj. 无处不在的', forms: ['ubiquitous'] },
];

/** The server's formatter: sentences in span.word; a glossary word is never out of scope. */
function formatReply(call: RecordedCall) {
  const { request } = call.body as { request: { level: string; glossary: string[] } };
  const glossary = new Set(request.glossary.map((g) => g.toLowerCase()));
  return {
    json: {
      errno: 0,
      errmsg: '',
      error: '',
      serverTime: 0,
      module: 'reading',
      version: 't',
      response: {
        level: request.level,
        formatResult:
          '<p><span class="word" id="w-a-1">The phenomenon is ubiquitous.</span> ' +
          '<span class="word" id="w-a-2">Ubiquitous phenomenons spread.</span></p>',
        outScopeWords: WORDS.filter((w) => !glossary.has(w.lemma)),
      },
    },
  };
}

const marks = () => Array.from(document.querySelectorAll('mark.reading-out-scope')).map((m) => m.textContent);
const formatCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/reading/format');

describe('格式化文章', () => {
  it('highlights every spelling of the out-of-scope words, with the gloss on keyboard focus', async () => {
    const { session, calls } = await readingSession({ 'POST /v1/reading/format': formatReply });
    renderWith(session, <FormatPanel article={ARTICLE} />);
    fireEvent.click(screen.getByRole('button', { name: '格式化文章' }));
    await waitFor(() => expect(marks()).toEqual(['phenomenon', 'ubiquitous', 'Ubiquitous', 'phenomenons']));
    expect(formatCalls(calls)[0].body).toEqual({ request: { article: ARTICLE, level: 'senior', glossary: [] } });
    // The sentences keep their span.word ids.
    expect(document.querySelector('span.word#w-a-2')?.textContent).toBe('Ubiquitous phenomenons spread.');
    expect(screen.getByText(/超纲词 2 个/)).toBeTruthy();

    const mark = document.querySelectorAll<HTMLElement>('mark.reading-out-scope')[1];
    expect(mark.tabIndex).toBe(0);
    act(() => mark.focus());
    fireEvent.focus(mark);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect((await screen.findByRole('tooltip')).textContent).toContain('ubiquitous（CET-6）adj. 无处不在的');
  });

  it('lists the words nothing explains (a typo) apart from the out-of-scope words', async () => {
    const withUnknown = (call: RecordedCall) => {
      const reply = formatReply(call);
      return {
        json: {
          ...reply.json,
          response: { ...reply.json.response, unknownWords: [{ word: 'squatteddown', forms: ['squatteddown'] }] },
        },
      };
    };
    const { session } = await readingSession({ 'POST /v1/reading/format': withUnknown });
    renderWith(session, <FormatPanel article={ARTICLE} />);
    fireEvent.click(screen.getByRole('button', { name: '格式化文章' }));
    const list = await screen.findByRole('list', { name: '未识别的词 1 个' });
    expect(list.textContent).toBe('squatteddown');
    expect(screen.getByText(/可能是拼写错误或罕见词/)).toBeTruthy();
    // Not shown as out of scope.
    expect(marks()).not.toContain('squatteddown');
  });

  it('ticking a word puts it in the glossary and formats again; unticking brings it back', async () => {
    const { session, calls } = await readingSession({ 'POST /v1/reading/format': formatReply });
    renderWith(session, <FormatPanel article={ARTICLE} />);
    fireEvent.click(screen.getByRole('button', { name: '格式化文章' }));
    await waitFor(() => expect(marks()).toHaveLength(4));

    fireEvent.click(screen.getByLabelText('列入词汇表 ubiquitous'));
    await waitFor(() => expect(marks()).toEqual(['phenomenon', 'phenomenons']));
    expect(formatCalls(calls).at(-1)?.body).toEqual({
      request: { article: ARTICLE, level: 'senior', glossary: ['ubiquitous'] },
    });
    // Still listed, ticked, so that it can be taken out again.
    const box = screen.getByLabelText<HTMLInputElement>('列入词汇表 ubiquitous');
    expect(box.checked).toBe(true);
    expect(screen.getByText(/超纲词 1 个/)).toBeTruthy();

    fireEvent.click(box);
    await waitFor(() => expect(marks()).toHaveLength(4));
    expect(screen.getByLabelText<HTMLInputElement>('列入词汇表 ubiquitous').checked).toBe(false);
  });

  it("asks for an article first, and shows the server's message when formatting fails", async () => {
    const { session, calls } = await readingSession({
      'POST /v1/reading/format': () => ({
        status: 400,
        json: {
          errno: 400,
          errmsg: '请选择词汇等级',
          error: 'x',
          serverTime: 0,
          module: 'r',
          version: 't',
          response: null,
        },
      }),
    });
    const view = renderWith(session, <FormatPanel article="<p></p>" />);
    fireEvent.click(screen.getByRole('button', { name: '格式化文章' }));
    expect(await screen.findByText('请先输入文章')).toBeTruthy();
    expect(formatCalls(calls)).toHaveLength(0);
    view.rerenderWith(<FormatPanel article={ARTICLE} />);
    fireEvent.click(screen.getByRole('button', { name: '格式化文章' }));
    expect(await screen.findByText('格式化失败')).toBeTruthy();
    expect(screen.getAllByText('请选择词汇等级').length).toBeGreaterThan(0);
  });

  it('finds inflected spellings by their lemma', () => {
    const index = wordIndex([
      { word: 'study', lemma: 'study', level: 'junior', gloss: '', forms: ['study'] },
      { word: 'stop', lemma: 'stop', level: 'junior', gloss: '', forms: ['stop'] },
      { word: 'arrive', lemma: 'arrive', level: 'junior', gloss: '', forms: ['arrive'] },
    ]);
    expect(lookupToken('studies', index)?.lemma).toBe('study');
    expect(lookupToken('stopped', index)?.lemma).toBe('stop');
    expect(lookupToken('arriving', index)?.lemma).toBe('arrive');
    expect(lookupToken('Stop', index)?.lemma).toBe('stop');
    expect(lookupToken('story', index)).toBeUndefined();
  });

  it('finds irregular spellings by the forms the server names', () => {
    const index = wordIndex([
      { word: 'flees', lemma: 'flee', level: 'senior', gloss: '逃跑', forms: ['flees', 'fled'] },
      { word: 'wept', lemma: 'weep', level: 'senior', gloss: '哭泣', forms: ['wept'] },
    ]);
    expect(lookupToken('fled', index)?.lemma).toBe('flee');
    expect(lookupToken('Fled', index)?.lemma).toBe('flee');
    expect(lookupToken('wept', index)?.lemma).toBe('weep');
    // A regular spelling the server did not name (the lemma `weep` + ing) still is found; an unrelated word is not.
    expect(lookupToken('weeping', index)?.lemma).toBe('weep');
    expect(lookupToken('flew', index)).toBeUndefined();
  });
});
