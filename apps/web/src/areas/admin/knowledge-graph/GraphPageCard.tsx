// The card around each page of one graph: its title, links to its other pages and back to the list, its load state.
import type { ReactNode } from 'react';
import { Alert, Card, Space } from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../../api/client';
import { PageSpinner } from '../../../components/PageSpinner';
import { graphGroupsPath } from './paths';
import { GRAPH_TEXTS } from './texts';

/** A graph page's card with its load state: spinner while loading, the error in place, else the page. */
export function GraphPageCard({
  title,
  query,
  extra,
  children,
}: {
  title: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown };
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      title={title}
      extra={
        <Space wrap size={12}>
          {extra}
          <Link to={graphGroupsPath}>{GRAPH_TEXTS.back}</Link>
        </Space>
      }
      styles={{ header: { flexWrap: 'wrap', rowGap: 8 } }}
    >
      {query.isError ? (
        <Alert type="error" showIcon title={errorText(query.error)} />
      ) : query.isPending ? (
        <PageSpinner />
      ) : (
        children
      )}
    </Card>
  );
}
