// The parts of a pushed question (docs/lessons.md "The engine in the lesson") that the lesson room's list and the
// replay's list both show: its state as a coloured tag, its line (第 n 题, the type, the stem as plain text) and its
// stem with the options.
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { LessonPush } from '@edu/contract';
import { RichText } from '../rich-text/RichText';
import { TYPE_LABELS } from '../texts';
import { PUSH_TEXTS as T } from './texts';
import './lessons.css';

export type PushStateKind = keyof typeof T.state;

const COLORS: Record<PushStateKind, string | undefined> = {
  notAnswered: 'blue',
  hidden: undefined,
  pending: 'orange',
  correct: 'green',
  partial: 'gold',
  wrong: 'red',
};

/** What became of a push: not answered, its result held back (sealing), waiting for a teacher, right, partly, wrong. */
export function pushStateOf(push: LessonPush): PushStateKind {
  const a = push.answer;
  if (!a) return 'notAnswered';
  const r = a.result;
  if (!r) return 'hidden';
  if (r.pending || r.isCorrect === null) return 'pending';
  if (r.isCorrect) return 'correct';
  return r.score > 0 ? 'partial' : 'wrong';
}

/** The push's state as a coloured tag; `live`: the lesson runs, so a push not answered yet is 待作答. */
export function PushStateTag({ push, live = false }: { push: LessonPush; live?: boolean }) {
  const state = pushStateOf(push);
  return <Tag color={COLORS[state]}>{live && state === 'notAnswered' ? T.waiting : T.state[state]}</Tag>;
}

/** Plain text of a stem, to name a question in one line. */
export const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A push's title in a list: 第 n 题 with its type, then its title or stem in one line; `children` under them. */
export function PushLabel({ push, children }: { push: LessonPush; children?: ReactNode }) {
  return (
    <span className="lesson-push-label" data-push={push.n}>
      <span>
        {T.nth(push.n)} <Tag>{TYPE_LABELS[push.question.type]}</Tag>
      </span>
      <span className="lesson-question-line">{plain(push.question.title || push.question.question)}</span>
      {children}
    </span>
  );
}

/** The pushed question's stem and its options (the student's view: no key). */
export function PushQuestion({ push }: { push: LessonPush }) {
  const q = push.question;
  return (
    <>
      <RichText html={q.question} />
      {q.options.length > 0 && (
        <ul className="lesson-push-options">
          {q.options.map((o) => (
            <li key={o.key}>
              {o.key}. <RichText html={o.content} inline />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
