// The platform admin's FSRS fits on the agency list (docs/practice-engine.md "FSRS fitted to each agency").
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FsrsFit } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const fit = (over: Partial<FsrsFit>): FsrsFit => ({
  agencyId: 'demo',
  agencyName: '演示机构',
  outcome: 'adopted',
  adopted: true,
  reviews: 3157,
  trainItems: 2027,
  testItems: 506,
  logLossBefore: 0.58239,
  logLossAfter: 0.54467,
  parameters: Array.from({ length: 21 }, () => 1),
  fittedAt: 1_767_600_000_000,
  ...over,
});

async function open(fits: FsrsFit[], roles = ['edu:admin']) {
  const s = await makeSession(loginInfo(roles), {
    'GET /v1/agencies': { total: 0, list: [] },
    'GET /v1/wrong/fsrs-fits': (c: RecordedCall) => {
      const q = new URL(c.url, 'http://x').searchParams;
      expect(q.get('size')).toBe('10');
      return { json: envelope({ total: fits.length, list: fits }) };
    },
  });
  renderApp(s.session, ['/admin/agency/list']);
  return s;
}

describe('admin/agency/list: FSRS fits', () => {
  it('lists each agency’s fit: reviews, log-loss before and after, adopted or not', async () => {
    await open([
      fit({}),
      fit({ agencyId: 'other', agencyName: '其他机构', outcome: 'not_better', adopted: false, logLossAfter: 0.6 }),
      fit({
        agencyId: 'small',
        agencyName: '小机构',
        outcome: 'too_few',
        adopted: false,
        reviews: 40,
        trainItems: 0,
        testItems: 0,
        logLossBefore: null,
        logLossAfter: null,
        parameters: null,
      }),
    ]);
    expect(await screen.findByText('错题本复习参数（按机构拟合 FSRS）')).toBeTruthy();
    await screen.findByText('已采用');
    // A row by its agency's id (shown in code type beside the name).
    const row = (id: string) => within(screen.getByText(id).closest('tr') as HTMLElement);
    expect(row('demo').getByText(/演示机构/)).toBeTruthy();
    expect(row('demo').getByText('已采用')).toBeTruthy();
    expect(row('demo').getByText('3157')).toBeTruthy();
    expect(row('demo').getByText('0.5824')).toBeTruthy();
    expect(row('demo').getByText('0.5447')).toBeTruthy();
    expect(row('demo').getByText('2027 / 506')).toBeTruthy();
    expect(row('other').getByText('未优于默认，未采用')).toBeTruthy();
    expect(row('small').getByText('复习数不足，未拟合')).toBeTruthy();
    expect(row('small').getAllByText('—')).toHaveLength(3);
    expect(screen.getByText('共 3 个机构')).toBeTruthy();
  });

  it('says when no fit has run yet', async () => {
    await open([]);
    expect(await screen.findByText('尚无拟合结果：每周任务运行后，这里列出每个机构的结果')).toBeTruthy();
  });

  it('is not shown to an agency manager, whom its call refuses', async () => {
    const { calls } = await open([fit({})], ['edu:agency:admin']);
    expect(await screen.findByText('机构管理')).toBeTruthy();
    expect(screen.queryByText('错题本复习参数（按机构拟合 FSRS）')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/wrong/fsrs-fits')).toBe(false);
  });
});
