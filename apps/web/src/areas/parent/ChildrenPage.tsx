// The parent's history pages: `/parent/` (the first child in the current agency) and `/parent/history/{id}` (that
// child, id = the child's user id); both list the children with pairing and 解除绑定 below (docs/routes.md "Parent").
import { Space, Typography } from 'antd';
import type { ParentChild } from '@edu/contract';
import { useAppConfig, useUser } from '../../app/session-context';
import { PageSpinner } from '../../components/PageSpinner';
import { ResultPage } from '../../components/ResultPage';
import { VisitorNotice } from '../../components/VisitorNotice';
import { errorText } from '../../api/client';
import { ChildHistory } from './ChildHistory';
import { ChildrenCard } from './ChildrenCard';
import { ChildLessons } from './ChildLessons';
import { useChildren } from './queries';
import { PARENT_PAGE_TEXTS } from './page-texts';
import { PARENT_TEXTS } from './texts';

const H = PARENT_TEXTS.home;

/** The child shown when none is named: the first one who is a student of the current agency, else the first. */
export const defaultChild = (kids: readonly ParentChild[], agencyId: string) =>
  kids.find((k) => k.agencies.some((a) => a.id === agencyId)) ?? kids[0];

export interface ChildrenPageProps {
  /** The child named by the route; undefined on the bare prefix. */
  childId?: string;
  onSelect: (id: string) => void;
}

export function ChildrenPage({ childId, onSelect }: ChildrenPageProps) {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const kids = useChildren();
  if (!user) return <VisitorNotice text={H.visitor} action={H.login} />;
  if (kids.isPending) return <PageSpinner />;
  if (kids.isError) return <ResultPage status="error" title={errorText(kids.error)} extra={null} />;
  const list = kids.data;
  const child = childId === undefined ? defaultChild(list, agencyId) : list.find((k) => k.id === childId);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {H.welcome(user.user?.name || user.user?.username || '')}
        </Typography.Title>
        <Typography.Text type="secondary">{H.intro}</Typography.Text>
      </div>
      {child ? (
        <ChildHistory key={child.id} kids={list} child={child} onSelect={onSelect} />
      ) : (
        childId !== undefined && <ResultPage status={404} title={PARENT_PAGE_TEXTS.history.noChild} extra={null} />
      )}
      {list.length > 0 && <ChildLessons severalChildren={list.length > 1} />}
      <ChildrenCard kids={list} />
    </Space>
  );
}
