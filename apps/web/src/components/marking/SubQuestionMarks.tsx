// A reading answer on the workbench (docs/marking.md "Pages"): each sub-question with the student's answer and the
// reference, marked right or wrong.
import { List, Radio, Space, Typography } from 'antd';
import type { MarkingItem } from '@edu/contract';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

export interface SubQuestionMarksProps {
  subQuestions: MarkingItem['subQuestions'];
  marks: Record<string, boolean>;
  onChange: (marks: Record<string, boolean>) => void;
}

export function SubQuestionMarks({ subQuestions, marks, onChange }: SubQuestionMarksProps) {
  return (
    <>
      <Typography.Title level={5}>{T.subQuestions}</Typography.Title>
      <List
        dataSource={subQuestions}
        renderItem={(s) => (
          <List.Item>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>{s.title}</Typography.Text>
              <Typography.Text>
                {T.answer}：{s.answer.join(' ') || T.emptyAnswer}
              </Typography.Text>
              {s.standardAnswer.length > 0 && (
                <Typography.Text type="secondary">
                  {T.reference}：{s.standardAnswer.join('；')}
                </Typography.Text>
              )}
              <Radio.Group
                aria-label={s.title}
                value={marks[s.questionSubId]}
                onChange={(e) => onChange({ ...marks, [s.questionSubId]: e.target.value as boolean })}
                options={[
                  { value: true, label: T.right },
                  { value: false, label: T.wrong },
                ]}
              />
            </Space>
          </List.Item>
        )}
      />
    </>
  );
}
