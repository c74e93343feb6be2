// The agency's placement results (docs/lessons.md "Placement test"): each student's latest test per grade, latest
// first, filtered by grade and paged; the agency admin joins a student to the recommended (or another) tutoring class.
import { useEffect, useState } from 'react';
import { Button, Form, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { PlacementResultRow } from '@edu/contract';
import { API } from '../../../../api/routes';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { AllowedLink } from '../../../../components/AllowedLink';
import { LevelTag, scoreLine } from '../../../../components/placement/PlacementResultList';
import { timeColumn } from '../../common/columns';
import { FormModal } from '../../common/FormModal';
import { PagedTable } from '../../../../components/PagedTable';
import { usePaging } from '../../../../components/usePaging';
import { CLASS_KEY } from '../queries';
import { trainingReportPath } from '../paths';
import { PLACEMENT_KEY, useEventClasses, usePlacementResults, usePlacementSettings } from './queries';
import { PLACEMENT_ADMIN_TEXTS } from './texts';

const T = PLACEMENT_ADMIN_TEXTS.results;

function JoinModal({ row, onClose }: { row: PlacementResultRow | null; onClose: () => void }) {
  const call = useCall();
  const [form] = Form.useForm<{ classId?: string }>();
  const classes = useEventClasses(row !== null);
  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue({ classId: row.recommendedClass?.archived ? undefined : row.recommendedClass?.id });
  }, [row, form]);
  const join = useApiMutation({
    mutationFn: (v: { classId?: string }) =>
      call(API.placementJoin, { body: { request: { trainId: row?.trainId ?? '', classId: v.classId ?? null } } }),
    success: (r) => T.joined(r.className, r.changed),
    invalidates: [[PLACEMENT_KEY, 'results'], [CLASS_KEY]],
    onSuccess: onClose,
  });
  return (
    <FormModal<{ classId?: string }>
      open={row !== null}
      title={row ? T.joinTitle(row.student.name) : ''}
      form={form}
      save={join}
      onClose={onClose}
      texts={{ save: T.joinOk, cancel: T.cancel }}
      width={440}
      name="placement-join"
    >
      {row && <Typography.Paragraph type="secondary">{T.joinHelp(row.band ?? T.none)}</Typography.Paragraph>}
      <Form.Item label={T.joinClass} name="classId" rules={[{ required: true, message: T.joinRequired }]}>
        <Select
          aria-label={T.joinClass}
          showSearch={{ optionFilterProp: 'label' }}
          loading={classes.isPending}
          options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}

export function PlacementResults() {
  const paging = usePaging(20);
  const [gradeId, setGradeId] = useState<string | undefined>(undefined);
  const [joining, setJoining] = useState<PlacementResultRow | null>(null);
  const settings = usePlacementSettings();
  const editable = settings.data?.editable ?? false;
  const results = usePlacementResults({ gradeId, start: (paging.page - 1) * paging.size, size: paging.size });

  const columns: TableColumnsType<PlacementResultRow> = [
    {
      title: T.columns.student,
      key: 'student',
      width: 130,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{r.student.name}</Typography.Text>
          <Typography.Text type="secondary">{r.student.username}</Typography.Text>
        </Space>
      ),
    },
    {
      title: T.columns.grade,
      key: 'grade',
      width: 160,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.gradeName}</span>
          <Typography.Text type="secondary">{r.title}</Typography.Text>
        </Space>
      ),
    },
    { title: T.columns.score, key: 'score', width: 150, render: (_, r) => scoreLine(r) },
    { title: T.columns.level, key: 'level', width: 80, render: (_, r) => <LevelTag band={r.band} /> },
    {
      title: T.columns.recommended,
      key: 'recommended',
      width: 150,
      render: (_, r) =>
        r.recommendedClass ? (
          <Space size={4} wrap>
            <span>{r.recommendedClass.name}</span>
            {r.inRecommendedClass && <Tag color="green">{T.inClass}</Tag>}
          </Space>
        ) : (
          T.none
        ),
    },
    timeColumn(T.columns.ended, 'endTime', 140),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Space size={8} wrap>
          <AllowedLink to={trainingReportPath(r.trainId)}>{T.report}</AllowedLink>
          {editable && (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setJoining(r)}>
              {T.join}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{T.grade}</Typography.Text>
        <Select
          aria-label={T.grade}
          value={gradeId ?? ''}
          style={{ minWidth: 140 }}
          onChange={paging.filtered((v: string) => setGradeId(v || undefined))}
          options={[
            { value: '', label: T.allGrades },
            ...(settings.data?.list ?? []).map((s) => ({ value: s.gradeId, label: s.gradeName })),
          ]}
        />
      </Space>
      <PagedTable<PlacementResultRow>
        rowKey="trainId"
        columns={columns}
        query={results}
        paging={paging}
        texts={{ empty: T.empty, total: T.total }}
        scroll={{ x: 940 }}
      />
      <JoinModal row={joining} onClose={() => setJoining(null)} />
    </Space>
  );
}
