import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { phoneWidth } from '../../../test/phone-width';
import { makeSession, renderApp } from '../../../test/render';
import { record, STUDENT, training } from '../../../test/trainings';

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('student/train/{id}/questions', () => {
  it('lists the answers with their questions’ text and ✓/✗/待批改 as people read them', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/t1/questions': [
        record({
          options: [
            { key: 'A', content: '<p>apple</p>' },
            { key: 'B', content: '<p>happiness</p>' },
          ],
        }),
        record({
          recordId: 'r2',
          questionId: 'q2',
          title: '',
          stem: '<p>鲸鱼是鱼。</p>',
          type: 'trueFalse',
          answer: ['F'],
          isCorrect: false,
          score: 0,
        }),
        record({
          recordId: 'r3',
          questionId: 'q3',
          title: '短文',
          type: 'shortAnswer',
          answer: ['因为…'],
          isCorrect: null,
          score: 0,
        }),
        record({ recordId: 'r4', questionId: 'q2', title: '判断', type: 'trueFalse', answer: ['T'], first: false }),
      ],
    });
    renderApp(s.session, ['/student/train/t1/questions']);
    await screen.findByText('名词辨析');
    expect(within(row('名词辨析')).getByText('✓ 正确')).toBeTruthy();
    expect(within(row('名词辨析')).getByText('单选题')).toBeTruthy();
    expect(row('名词辨析').querySelector('.record-choice')?.textContent).toBe('B．happiness');
    expect(within(row('鲸鱼是鱼。')).getByText('✗ 错误')).toBeTruthy();
    expect(within(row('鲸鱼是鱼。')).getByText('错')).toBeTruthy();
    expect(screen.queryByText(/题目 #/)).toBeNull();
    expect(within(row('短文')).getByText('待批改')).toBeTruthy();
    expect(within(row('判断')).getByText('重答')).toBeTruthy();
  });

  it('a paper still running lists its answers without ✓/✗ or score (judged when handed in)', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/t1/questions': [record()],
      'GET /v1/train/t1': training({ type: 'paper', question: null, paper: { questions: [], answers: {} } }),
    });
    renderApp(s.session, ['/student/train/t1/questions']);
    await screen.findByText('名词辨析');
    await waitFor(() => expect(screen.queryByText('✓ 正确')).toBeNull());
    expect(screen.queryByText('结果')).toBeNull();
    expect(within(row('名词辨析')).getByText('B')).toBeTruthy();
  });

  it('on a phone lists one card per answer instead of a table wider than the screen', async () => {
    const restore = phoneWidth();
    try {
      const s = await makeSession(loginInfo(STUDENT), {
        'GET /v1/train/t1/questions': [
          record({ stem: '<p>Which is a noun?</p>', title: '', options: [{ key: 'B', content: '<p>apple</p>' }] }),
        ],
        'GET /v1/train/t1': training({ status: 'finished' }),
      });
      renderApp(s.session, ['/student/train/t1/questions']);
      await screen.findByText('Which is a noun?');
      expect(document.querySelector('table')).toBeNull();
      const item = document.querySelector('.records-list .record-item') as HTMLElement;
      expect(item.textContent).toContain('第 1 题');
      expect(item.textContent).toContain('作答：B．apple');
      expect(within(item).getByText('✓ 正确')).toBeTruthy();
      // A finished training has nothing to go back to.
      expect(screen.queryByText('返回训练')).toBeNull();
    } finally {
      restore();
    }
  });

  it('a training that is not the student’s answers 训练不存在', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/t1/questions': () => ({ status: 404, json: { errno: 404, errmsg: '训练不存在' } }),
    });
    renderApp(s.session, ['/student/train/t1/questions']);
    expect(await screen.findByText('训练不存在')).toBeTruthy();
  });
});
