import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { judgeQuestion, toStudentView, type Question } from '@edu/contract';
import { storePreview, PREVIEW_KEY } from '../../components/question/preview-store';
import { envelope, type RecordedCall } from '../../test/fake-api';
import { loginInfo, question } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { button } from '../../test/antd';

afterEach(() => localStorage.removeItem(PREVIEW_KEY));

describe('/public/question/preview', () => {
  it('without a handed-over question: an explanatory empty state', async () => {
    const { session } = await makeSession(null);
    renderApp(session, ['/public/question/preview']);
    expect(await screen.findByText('没有可预览的题目')).toBeTruthy();
  });

  it('shows the editor’s question and judges locally', async () => {
    storePreview({
      type: 'trueFalse',
      judgeType: 'auto',
      title: '判断',
      question: '<p>The sun rises in the east.</p>',
      options: [],
      videos: [],
      answer: ['T'],
      explanation: '<p>常识</p>',
      questionSub: [],
    });
    const { session, calls } = await makeSession(null);
    const before = calls.length;
    renderApp(session, ['/public/question/preview']);
    expect(await screen.findByText('The sun rises in the east.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('错'));
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答错误，正确答案是 对')).toBeTruthy();
    expect(calls.length).toBe(before);
  });
});

/** A published question of the fake server; `withdraw()` simulates a withdrawal. */
function publishedServer(q: Question) {
  let published = true;
  const notPublic = { status: 404, json: envelope(null, 404, '该题目未公开或不存在') };
  return {
    withdraw: () => (published = false),
    routes: {
      [`GET /v1/public/question/${q.id}`]: () => (published ? { json: envelope(toStudentView(q)) } : notPublic),
      // The server's judge, like the real one: only while published (a visitor gets 401 after a withdrawal).
      [`POST /v1/exam/question/${q.id}/test`]: (c: RecordedCall) => {
        if (!published) return { status: 401, json: envelope(null, 401, '请重新登录') };
        const { request } = c.body as { request: { answer: string[] } };
        return { json: envelope(judgeQuestion(q, request)) };
      },
    },
  };
}

describe('/public/question/preview?id= (published for public preview)', () => {
  it('loads the published question, answers through the server and shows the standard answer and explanation', async () => {
    const q = question({ id: '42' });
    const server = publishedServer(q);
    const { session, calls } = await makeSession(null, server.routes);
    renderApp(session, ['/public/question/preview?id=42']);
    expect(await screen.findByText('Which is a noun?')).toBeTruthy();
    expect(screen.queryByText('Apple is a noun.')).toBeNull();
    fireEvent.click(screen.getByText('run'));
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答错误，正确答案是 B')).toBeTruthy();
    expect(screen.getByText('Apple is a noun.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/exam/question/42/test')?.body).toEqual({ request: { answer: ['A'] } });
    fireEvent.click(button('重新作答'));
    fireEvent.click(screen.getByText('apple'));
    fireEvent.click(button('提交'));
    expect((await screen.findAllByText('回答正确')).length).toBeGreaterThan(0);
    // The editor's local hand-over is not used when an id is given.
    expect(screen.queryByText(/本预览在浏览器中即时判分/)).toBeNull();
  });

  it('works for a logged-in user of any role too', async () => {
    const q = question({ id: '42' });
    const { session } = await makeSession(loginInfo(['edu:agency:demo:student']), publishedServer(q).routes);
    renderApp(session, ['/public/question/preview?id=42']);
    expect(await screen.findByText('Which is a noun?')).toBeTruthy();
  });

  it('not published or unknown: a clear empty state', async () => {
    const { session } = await makeSession(null);
    renderApp(session, ['/public/question/preview?id=404']);
    expect(await screen.findByText('该题目未公开或不存在')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('withdrawn while answering: the page turns into the empty state', async () => {
    const q = question({ id: '42' });
    const server = publishedServer(q);
    const { session } = await makeSession(null, server.routes);
    renderApp(session, ['/public/question/preview?id=42']);
    await screen.findByText('Which is a noun?');
    server.withdraw();
    fireEvent.click(screen.getByText('apple'));
    fireEvent.click(button('提交'));
    expect(await screen.findByText('该题目未公开或不存在')).toBeTruthy();
  });
});
