// A training record as people read it (docs/web.md "Records and reports"): what was asked — the stem as a short
// excerpt with the whole text on 展开 — and the student's answer in words: a choice as its letter and the option's
// text, 对/错, blanks one by one, a reading question's answer per sub-question. Never just "题目 #7".
import { lazy, Suspense, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { TrainingRecord } from '@edu/contract';
import { excerptParts, excerptText, StemExcerpt } from '../rich-text/StemExcerpt';
import { QUESTION_VIEW_TEXTS, RECORD_TEXTS as T, TYPE_LABELS } from '../texts';
import { answerText } from './AnswerText';

// The full text needs the sanitiser and KaTeX: loaded only when a record is expanded.
const RichText = lazy(() => import('../rich-text/RichText').then((m) => ({ default: m.RichText })));

export type RecordLike = Pick<
  TrainingRecord,
  'recordId' | 'questionId' | 'title' | 'type' | 'stem' | 'options' | 'answer' | 'subAnswers'
>;

const isType = (t: string): t is keyof typeof TYPE_LABELS => t in TYPE_LABELS;

/** The record's question: title or stem excerpt; 展开题目 shows the whole (sanitised) stem below it. */
export function RecordStem({
  record: r,
  link,
}: {
  record: RecordLike;
  link?: (excerpt: React.ReactNode) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const parts = excerptParts({ title: r.title, question: r.stem });
  const excerpt = (
    <span title={excerptText(parts) || undefined}>
      <StemExcerpt parts={parts} empty={T.noStem(r.questionId)} />
    </span>
  );
  return (
    <div className="record-stem" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {link ? link(excerpt) : excerpt}
      {r.stem.trim() !== '' && (
        <Button
          type="link"
          size="small"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          style={{ paddingInline: 4, height: 'auto' }}
        >
          {open ? T.collapse : T.expand}
        </Button>
      )}
      {open && (
        <div className="record-stem-full" style={{ marginTop: 4 }}>
          <Suspense fallback={excerptText(excerptParts({ title: '', question: r.stem }))}>
            <RichText html={r.stem} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** An option's or a sub-question's text as a short excerpt (formulas drawn), for `B．苹果`. */
function ShortText({ content }: { content: string }) {
  return <StemExcerpt parts={excerptParts({ title: '', question: content })} empty="" />;
}

function SubVerdict({ isCorrect }: { isCorrect: boolean | null }) {
  if (isCorrect === null) return <Tag color="orange">{T.subPending}</Tag>;
  return isCorrect ? <Tag color="green">{T.subCorrect}</Tag> : <Tag color="red">{T.subWrong}</Tag>;
}

/** The answer in words (see the file's head). */
export function RecordAnswer({ record: r }: { record: RecordLike }) {
  if (r.type === 'enReading' || (r.subAnswers.length > 0 && r.answer.length === 0)) {
    if (r.subAnswers.length === 0) return <span className="record-answer">{QUESTION_VIEW_TEXTS.none}</span>;
    return (
      <Space className="record-answer" orientation="vertical" size={2}>
        {r.subAnswers.map((s, i) => (
          <span key={s.questionSubId} className="record-sub-answer">
            <Typography.Text type="secondary">
              {T.sub(i + 1)}
              {s.title.trim() !== '' && (
                <>
                  {' '}
                  <ShortText content={s.title} />
                </>
              )}
              {T.subColon}
            </Typography.Text>
            {s.answer.some((a) => a.trim() !== '')
              ? s.type
                ? answerText(s.type, s.answer, false)
                : s.answer.join('、')
              : QUESTION_VIEW_TEXTS.none}{' '}
            <SubVerdict isCorrect={s.isCorrect} />
          </span>
        ))}
      </Space>
    );
  }
  if ((r.type === 'singleChoice' || r.type === 'multipleChoice') && r.answer.length > 0) {
    const byKey = new Map(r.options.map((o) => [o.key, o.content]));
    return (
      <Space className="record-answer" orientation="vertical" size={2}>
        {r.answer.map((key) => (
          <span key={key} className="record-choice">
            {key}
            {byKey.has(key) && (
              <>
                {T.optionSeparator}
                <ShortText content={byKey.get(key) ?? ''} />
              </>
            )}
          </span>
        ))}
      </Space>
    );
  }
  return (
    <span className="record-answer">{isType(r.type) ? answerText(r.type, r.answer, false) : r.answer.join(' ')}</span>
  );
}
