// The question of the answer being marked (docs/marking.md "Pages"): its stem, the reference answer and the
// explanation, as the marker reads them before the student's answer.
import { Typography } from 'antd';
import type { MarkingItem } from '@edu/contract';
import { RichText } from '../rich-text/RichText';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

export function QuestionShown({ item }: { item: MarkingItem }) {
  return (
    <>
      <Typography.Title level={5}>{T.stem}</Typography.Title>
      {item.title && <Typography.Paragraph strong>{item.title}</Typography.Paragraph>}
      <RichText html={item.stem} />
      {item.standardAnswer.length > 0 && (
        <>
          <Typography.Title level={5}>{T.reference}</Typography.Title>
          <Typography.Paragraph>{item.standardAnswer.join('；')}</Typography.Paragraph>
        </>
      )}
      {item.explanation && (
        <>
          <Typography.Title level={5}>{T.explanation}</Typography.Title>
          <RichText html={item.explanation} />
        </>
      )}
    </>
  );
}
