// The full-screen frame of the two scheme dashboards: title, range, switch between overview and students.
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RangeBar } from './RangeBar';
import type { StatsRange } from './queries';
import { STATS_TEXTS } from './texts';

const T = STATS_TEXTS.dashboard;

export function DashboardFrame({
  schemeId,
  title,
  type,
  view,
  onRange,
  onRefresh,
  actions,
  children,
}: {
  schemeId: string;
  title: string;
  type?: string;
  view: 'overview' | 'group';
  onRange: (r: StatsRange) => void;
  onRefresh: () => void;
  /** More buttons beside the range (the scheme dashboard's 模拟). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="edu-dashboard" style={{ minHeight: '100vh', background: '#f0f2f5', padding: '16px 24px' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/admin/train/list')}>
            {STATS_TEXTS.back}
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {type && <Tag color={type === 'paper' ? 'purple' : 'blue'}>{STATS_TEXTS.typeLabels[type]}</Tag>}
        </Space>
        <Space wrap>
          {actions}
          <RangeBar onChange={onRange} />
          <Segmented
            value={view}
            onChange={(v) =>
              void navigate(
                v === 'group' ? `/admin/train/${schemeId}/dashboard/group` : `/admin/train/${schemeId}/dashboard`,
              )
            }
            options={[
              { value: 'overview', label: T.overview },
              { value: 'group', label: T.group },
            ]}
          />
          <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={T.refresh} />
        </Space>
      </Space>
      {children}
    </div>
  );
}
