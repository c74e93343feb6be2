// student/point/allpoint (every knowledge point, unanswered ones 未开始) and student/point/userpoint (the points
// the student has answered in): each point with its mastery level, window and totals, in tree order.
import { useState } from 'react';
import { Alert, Card, Space } from 'antd';
import { errorText } from '../../../api/client';
import { Gate } from '../wrong/Gate';
import { useMastery } from '../wrong/queries';
import { MasteryLegend, MasteryTable, SubjectPicker } from '../../../components/mastery/MasteryParts';
import { MASTERY_TEXTS as T } from '../../../components/mastery/texts';

function MasteryList({ scope }: { scope: 'all' | 'mine' }) {
  const [subject, setSubject] = useState<string | undefined>();
  const mastery = useMastery({ scope, subject });
  return (
    <Card
      title={scope === 'all' ? T.links.all : T.links.mine}
      extra={<SubjectPicker value={subject} onChange={setSubject} />}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <MasteryLegend />
        {mastery.isError && <Alert type="error" title={errorText(mastery.error)} />}
        <MasteryTable
          points={mastery.data ?? []}
          loading={mastery.isPending}
          empty={scope === 'mine' ? T.emptyMine : undefined}
        />
      </Space>
    </Card>
  );
}

const page = (scope: 'all' | 'mine') =>
  function MasteryListPage() {
    return (
      <Gate text={T.visitor} action={T.login}>
        <MasteryList scope={scope} />
      </Gate>
    );
  };

export const AllPointPage = page('all');
export const UserPointPage = page('mine');
