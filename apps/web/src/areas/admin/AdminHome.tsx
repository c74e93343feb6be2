// Admin home: a welcome and a card for every section the user may open.
import { Card, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { VisitorNotice } from '../../components/VisitorNotice';
import { useAppConfig, useUser } from '../../app/session-context';
import { useKnowledgePoints } from '../../app/dictionaries';
import { adminSections, firstSubjectCode, visibleSections } from './sections';
import { ADMIN_TEXTS } from './texts';

const T = ADMIN_TEXTS.home;

export default function AdminHome() {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const { points: knowledgePoints } = useKnowledgePoints();
  if (!user) return <VisitorNotice text={T.visitor} action={T.login} />;
  const agencyName = user.agencies.find((a) => a.id === agencyId)?.name ?? agencyId;
  const links = visibleSections(adminSections(firstSubjectCode(knowledgePoints)), user, agencyId)
    .filter((s) => s.key !== 'home')
    .flatMap((s) => s.links.map((l) => ({ ...l, icon: s.icon })));
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {T.welcome(user.user?.name || user.user?.username || '')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {T.agency(agencyName)} · {links.length > 0 ? T.intro : T.nothing}
        </Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {links.map((l) => (
          <Col key={l.key} xs={24} sm={12} lg={8} xl={6}>
            <Link to={l.path} style={{ display: 'block', height: '100%' }}>
              <Card hoverable style={{ height: '100%' }}>
                <Card.Meta
                  avatar={<span style={{ fontSize: 24, color: '#1677ff' }}>{l.icon}</span>}
                  title={l.label}
                  description={l.hint ?? '\u00a0'}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
