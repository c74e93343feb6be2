// student/point: an overview of the student's knowledge-point mastery — how many points hold each level (a
// chart), the legend, and the ways on to every point, the practised ones and the knowledge graph.
import { useMemo, useState } from 'react';
import { Alert, Card, Col, Row, Space, Statistic } from 'antd';
import { Link } from 'react-router';
import { MASTERY_LEVELS } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart, type ChartOption } from '../../../components/chart/EChart';
import { Gate } from '../wrong/Gate';
import { useMastery } from '../wrong/queries';
import { LEVEL_COLORS, levelCounts } from '../../../components/mastery/levels';
import { MasteryLegend, SubjectPicker } from '../../../components/mastery/MasteryParts';
import { MASTERY_TEXTS as T } from '../../../components/mastery/texts';

function Overview() {
  const [subject, setSubject] = useState<string | undefined>();
  const mastery = useMastery({ scope: 'all', subject });
  const counts = useMemo(() => levelCounts(mastery.data ?? []), [mastery.data]);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: MASTERY_LEVELS.map((l) => T.levels[l]) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: T.count,
          barMaxWidth: 48,
          data: MASTERY_LEVELS.map((l) => ({ value: counts[l], itemStyle: { color: LEVEL_COLORS[l] } })),
        },
      ],
    }),
    [counts],
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={T.overview}
        extra={
          <Space>
            <SubjectPicker value={subject} onChange={setSubject} />
          </Space>
        }
      >
        {mastery.isError && <Alert type="error" title={errorText(mastery.error)} />}
        <Row gutter={[16, 16]}>
          {MASTERY_LEVELS.map((l) => (
            <Col key={l} xs={12} sm={8} md={4}>
              <Statistic
                title={T.levels[l]}
                value={counts[l]}
                loading={mastery.isPending}
                styles={{ content: { color: LEVEL_COLORS[l] } }}
              />
            </Col>
          ))}
        </Row>
        <EChart option={option} height={260} label={T.byLevel} />
        <MasteryLegend />
      </Card>
      <Card>
        <Space wrap size="large">
          <Link to="/student/point/allpoint">{T.links.all}</Link>
          <Link to="/student/point/userpoint">{T.links.mine}</Link>
          <Link to="/student/knowledgegraph/mine">{T.links.graph}</Link>
          <Link to="/student/wrong/list">{T.links.wrong}</Link>
        </Space>
      </Card>
    </Space>
  );
}

export default function PointIndexPage() {
  return (
    <Gate text={T.visitor} action={T.login}>
      <Overview />
    </Gate>
  );
}
