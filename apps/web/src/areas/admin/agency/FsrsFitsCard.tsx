// The platform admin's view of FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): per
// agency the weekly job's last fit — reviews read, log-loss of the defaults and of the fit on held-out reviews, and
// whether the wrong-answer book schedules with it. Shown on the agency list to the platform admin only.
import { Card, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FsrsFit, FsrsFitOutcome } from '@edu/contract';
import { API } from '../../../api/routes';
import { useCall } from '../../../app/session-context';
import { timeColumn } from '../common/columns';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';

export const FSRS_FIT_TEXTS = {
  title: '错题本复习参数（按机构拟合 FSRS）',
  intro:
    '每周按各机构学生的错题复习记录拟合一次 FSRS 参数；只有在留出的最近复习上对数损失低于默认参数时才采用，否则继续使用默认参数。',
  columns: {
    agency: '机构',
    reviews: '复习数',
    split: '拟合 / 留出',
    before: '默认参数对数损失',
    after: '拟合参数对数损失',
    outcome: '结果',
    fittedAt: '拟合时间',
  },
  outcome: {
    adopted: '已采用',
    not_better: '未优于默认，未采用',
    too_few: '复习数不足，未拟合',
  } satisfies Record<FsrsFitOutcome, string>,
  none: '—',
  empty: '尚无拟合结果：每周任务运行后，这里列出每个机构的结果',
  total: (n: number | string) => `共 ${n} 个机构`,
};
const T = FSRS_FIT_TEXTS;
const OUTCOME_COLOR: Record<FsrsFitOutcome, string> = { adopted: 'green', not_better: 'orange', too_few: 'default' };
const PAGE_SIZE = 10;

const loss = (v: number | null) => (v === null ? T.none : v.toFixed(4));

export function FsrsFitsCard() {
  const call = useCall();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const query = useQuery({
    queryKey: ['fsrs-fits', page, size],
    queryFn: () => call(API.fsrsFitList, { query: { start: (page - 1) * size, size } }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<FsrsFit> = [
    {
      title: T.columns.agency,
      dataIndex: 'agencyName',
      width: 180,
      render: (name: string, f) => (
        <>
          {name} <Typography.Text code>{f.agencyId}</Typography.Text>
        </>
      ),
    },
    { title: T.columns.reviews, dataIndex: 'reviews', width: 100, align: 'right' },
    {
      title: T.columns.split,
      key: 'split',
      width: 120,
      align: 'right',
      render: (_, f) => (f.outcome === 'too_few' ? T.none : `${f.trainItems} / ${f.testItems}`),
    },
    { title: T.columns.before, dataIndex: 'logLossBefore', width: 150, align: 'right', render: loss },
    { title: T.columns.after, dataIndex: 'logLossAfter', width: 150, align: 'right', render: loss },
    {
      title: T.columns.outcome,
      dataIndex: 'outcome',
      width: 170,
      render: (o: FsrsFitOutcome) => <Tag color={OUTCOME_COLOR[o]}>{T.outcome[o]}</Tag>,
    },
    timeColumn(T.columns.fittedAt, 'fittedAt', 160),
  ];
  return (
    <Card title={T.title} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <PagedTable<FsrsFit>
        rowKey="agencyId"
        columns={columns}
        query={query}
        paging={paging}
        texts={T}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
