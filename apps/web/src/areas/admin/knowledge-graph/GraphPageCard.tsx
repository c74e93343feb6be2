// The card around each page of one graph: its title, links to its other pages and back to the list, its load state.
import type { ReactNode } from 'react';
import { Alert, Card, Flex } from 'antd';
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
    <Card title={title}>
      {/* The links sit above the page, not in the card's head, where a phone would cut the title short. */}
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }} className="graph-page-links">
        {extra}
        <Link to={graphGroupsPath}>{GRAPH_TEXTS.back}</Link>
      </Flex>
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
