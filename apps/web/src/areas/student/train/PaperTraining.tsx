// A paper: every question with its answer, each saved as it changes (paper-saver.ts: own clientAnswerId per
// save, retried while the network fails); 交卷 (confirmed, naming what is unanswered or flagged) waits for the
// saves and ends the training. The exam bar keeps the time and 交卷 in view; the answer sheet (答题卡) sits beside
// the questions on a wide screen and in a drawer on a narrow one (docs/web.md "The exam page").
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, App as AntApp, Button, Drawer, Grid, Space, Tag, Typography } from 'antd';
import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import { type StudentQuestion, type Training, type TrainingAnswerResult } from '@edu/contract';
import { API } from '../../../api/routes';
import { isEnvelopeError } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { AnswerForm, isEmptySubmission } from '../../../components/question/AnswerForm';
import type { Submission } from '../../../components/question/QuestionView';
import { PlainCard } from '../../../components/plain-antd';
import { TYPE_LABELS } from '../../../components/texts';
import { answerRequest, useFinishTraining, type TrainingPartProps } from '../../../components/training/training-part';
import { isTransient } from '../../../components/training/answer-retry';
import { AnswerSheet } from './AnswerSheet';
import { ExamBar } from './ExamBar';
import { PaperSaver, type SaveState } from './paper-saver';
import { TrainingOther } from './parts';
import { usePaperFlags } from './paper-flags';
import { TRAIN_TEXTS } from '../../../components/training/texts';
import { useTimeLeft } from './time-left';
import { useLeaveWarning } from '../../../components/training/use-retrying-send';
import './exam.css';

const T = TRAIN_TEXTS.paper;
/** Typing pauses this long before an answer is saved; choices are saved at once. */
export const TYPING_PAUSE_MS = 800;

function SaveTag({ state }: { state: SaveState | undefined }) {
  switch (state?.status) {
    case undefined:
      return null;
    case 'saving':
      return <Tag color="processing">{T.saving}</Tag>;
    case 'retrying':
      return <Tag color="warning">{T.retrying}</Tag>;
    case 'saved':
      return <Tag color="success">{T.saved}</Tag>;
    case 'failed':
      return <Tag color="error">{T.failed(state.error ?? '')}</Tag>;
  }
}

/** What the paper shows for a question: the answer saved last (after a reload too). */
export const initialValue = (q: StudentQuestion, paper: Training['paper']): Submission =>
  q.type === 'enReading'
    ? { answer: [], subAnswers: paper?.subAnswers?.[q.id] ?? {} }
    : { answer: paper?.answers[q.id] ?? [] };

const questionElementId = (id: string) => `paper-question-${id}`;

/** Scrolls to a question (below the sticky bars: exam.css) and moves the focus there. */
function jumpTo(questionId: string) {
  const el = document.getElementById(questionElementId(questionId));
  if (!el) return;
  el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
}

/**
 * Sets the heights the sticky parts stop under (exam.css): the area's top bar, itself sticky
 * (components/AreaHeader), and the exam bar; measured, as either may wrap or change. Measured by a ResizeObserver,
 * whose callback runs after the browser's own layout (reading the sizes then lays nothing out again), and written
 * only where they differ from what the page has: on the usual screen the stylesheet's fallbacks are the sizes, so the
 * first paint is laid out once (docs/web.md "The exam page").
 */
function useStickyHeights(page: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const el = page.current;
    const header = document.querySelector<HTMLElement>('header.ant-layout-header');
    const bar = el?.querySelector<HTMLElement>('.exam-bar');
    if (!el || !bar) return;
    const apply = () => {
      // All read before anything is written: a write between the reads would lay the page out a second time.
      const top = header?.getBoundingClientRect().height;
      const height = bar.getBoundingClientRect().height;
      const style = getComputedStyle(el);
      const writes: [string, number | undefined][] = [
        ['--exam-top', top],
        ['--exam-bar-height', height],
      ];
      for (const [name, px] of writes) {
        if (px !== undefined && style.getPropertyValue(name).trim() !== `${px}px`)
          el.style.setProperty(name, `${px}px`);
      }
    };
    if (typeof ResizeObserver === 'undefined') return apply();
    const observer = new ResizeObserver(apply);
    if (header) observer.observe(header);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [page]);
}

/** The questions drawn in the page's first pass: what a screen shows of a paper. */
export const FIRST_PASS_QUESTIONS = 3;

/**
 * How many of `total` questions are drawn: the first FIRST_PASS_QUESTIONS at once, so the first paint does not wait
 * for a whole paper's forms, then all of them in a transition right after (docs/web.md "The exam page"). `drawAll`
 * draws them all now, for a jump to a question not yet drawn.
 */
function useDrawnQuestions(total: number): { drawn: number; drawAll: () => void } {
  const [allDrawn, setAllDrawn] = useState(total <= FIRST_PASS_QUESTIONS);
  useEffect(() => {
    if (!allDrawn) startTransition(() => setAllDrawn(true));
  }, [allDrawn]);
  return { drawn: allDrawn ? total : FIRST_PASS_QUESTIONS, drawAll: () => setAllDrawn(true) };
}

/** Antd's breakpoints: the sheet is a side panel from lg (992 px); where no width matches (tests) it stays one. */
function useNarrow(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.xs === true || (screens.sm === true && screens.lg === false);
}

function FlagButton({ flagged, onToggle }: { flagged: boolean; onToggle: () => void }) {
  return (
    <Button
      size="small"
      className="exam-flag"
      icon={flagged ? <FlagFilled /> : <FlagOutlined />}
      aria-pressed={flagged}
      color={flagged ? 'orange' : 'default'}
      variant={flagged ? 'solid' : 'outlined'}
      onClick={onToggle}
    >
      {flagged ? T.flagged : T.flag}
    </Button>
  );
}

export interface PaperTrainingProps extends TrainingPartProps {
  /** When the training arrived (browser clock, ms), for the countdown. */
  receivedAt: number;
  /** A countdown ran down here: the page asks the server where the paper stands. */
  onTimeUp: () => void;
}

export function PaperTraining({ training, onTraining, onStale, receivedAt, onTimeUp }: PaperTrainingProps) {
  const call = useCall();
  const { modal, message } = AntApp.useApp();
  const finishing = useFinishTraining(training, onTraining);
  const questions = training.paper?.questions ?? [];
  const [values, setValues] = useState<Record<string, Submission>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, initialValue(q, training.paper)])),
  );
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [saver] = useState(
    () =>
      new PaperSaver<TrainingAnswerResult>({
        debounceMs: TYPING_PAUSE_MS,
        send: (questionId, submission, clientAnswerId) => {
          const question = questions.find((q) => q.id === questionId);
          const request = question
            ? answerRequest(question, submission, clientAnswerId)
            : { clientAnswerId, questionId, answer: submission.answer };
          return call(API.trainingAnswer, { params: { id: training.trainId }, body: { request } }).catch(
            (e: unknown) => {
              // 409: the paper's time ran out or it was handed in elsewhere; the page shows where it stands now.
              if (isEnvelopeError(e, 409) && !isTransient(e)) onStale();
              throw e;
            },
          );
        },
        onState: (id, s) => setStates((m) => ({ ...m, [id]: s })),
        onSaved: (res) => onTraining(res.training),
      }),
  );
  useEffect(() => () => saver.dispose(), [saver]);
  const unsaved = Object.values(states).some((s) => s.status === 'saving' || s.status === 'retrying');
  useLeaveWarning(unsaved);

  const left = useTimeLeft(training, receivedAt, onTimeUp);
  const narrow = useNarrow();
  const [sheetOpen, setSheetOpen] = useState(false);
  // The question chosen in the drawer: jumped to once it has closed (and handed the focus back).
  const [jumpAfterClose, setJumpAfterClose] = useState<string | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useStickyHeights(pageRef);
  const { flags, toggle, clear } = usePaperFlags(training.trainId);
  const { drawn, drawAll } = useDrawnQuestions(questions.length);
  // A jump to a question not drawn yet draws them all first and jumps once they are in.
  const pendingJump = useRef<string | null>(null);
  useEffect(() => {
    if (pendingJump.current === null || drawn < questions.length) return;
    jumpTo(pendingJump.current);
    pendingJump.current = null;
  }, [drawn, questions.length]);
  const jump = (id: string) => {
    if (drawn >= questions.length) return jumpTo(id);
    pendingJump.current = id;
    drawAll();
  };
  const isAnswered = (id: string) => !isEmptySubmission(values[id] ?? { answer: [] });
  const sheet = questions.map((q) => ({ id: q.id, answered: isAnswered(q.id), flagged: flags.has(q.id) }));
  const answered = sheet.filter((q) => q.answered).length;
  const flagged = sheet.filter((q) => q.flagged).length;
  const retrying = Object.values(states).some((s) => s.status === 'retrying');

  const change = (id: string, value: Submission, immediate: boolean) => {
    setValues((m) => ({ ...m, [id]: value }));
    saver.save(id, value, immediate);
  };

  const submitPaper = () => {
    // Handed in, the training is shown by the do-page's other part (parts.ts): its chunk starts now.
    void TrainingOther.preload().catch(() => undefined);
    void modal.confirm({
      title: T.submitTitle,
      content: T.submitBody(questions.length - answered, flagged),
      okText: T.submit,
      cancelText: TRAIN_TEXTS.doing.cancel,
      onOk: async () => {
        if (saver.busy) void message.info(T.waiting);
        await saver.flush();
        // Handed in, the flags have done their job (docs/web.md "The exam page").
        if (await finishing.run()) clear();
      },
    });
  };

  const jumpFromSheet = (id: string) => {
    setJumpAfterClose(id);
    setSheetOpen(false);
  };
  const sheetOpenChanged = (open: boolean) => {
    if (open || jumpAfterClose === null) return;
    jump(jumpAfterClose);
    setJumpAfterClose(null);
  };

  const questionCards = questions.slice(0, drawn).map((q, i) => (
    <PlainCard
      key={q.id}
      id={questionElementId(q.id)}
      tabIndex={-1}
      className="paper-question"
      data-question-id={q.id}
      title={
        <Space size={8}>
          {T.questionNo(i + 1)}
          <Tag color="blue">{TYPE_LABELS[q.type]}</Tag>
        </Space>
      }
      extra={
        <Space size={4} wrap>
          {!isAnswered(q.id) && <Typography.Text type="secondary">{T.unanswered}</Typography.Text>}
          <SaveTag state={states[q.id]} />
          <FlagButton flagged={flags.has(q.id)} onToggle={() => toggle(q.id)} />
        </Space>
      }
    >
      <AnswerForm
        question={q}
        value={values[q.id] ?? { answer: [] }}
        onChange={(v, immediate) => change(q.id, v, immediate)}
      />
    </PlainCard>
  ));
  return (
    <div className="exam-page" ref={pageRef}>
      <ExamBar
        answered={answered}
        total={questions.length}
        left={left}
        onOpenSheet={narrow ? () => setSheetOpen(true) : undefined}
        onSubmit={submitPaper}
      />
      {retrying && <Alert type="warning" showIcon title={TRAIN_TEXTS.doing.netRetry} />}
      <div className={narrow ? 'exam-layout' : 'exam-layout exam-layout-wide'}>
        <Space orientation="vertical" size="middle" className="exam-questions">
          {questionCards}
          <div style={{ textAlign: 'right' }}>
            <Button type="primary" onClick={submitPaper}>
              {T.submit}
            </Button>
          </div>
        </Space>
        {!narrow && (
          <aside className="exam-aside">
            <PlainCard title={T.sheet}>
              <AnswerSheet questions={sheet} onJump={jump} />
            </PlainCard>
          </aside>
        )}
      </div>
      {narrow && (
        <Drawer
          placement="bottom"
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          afterOpenChange={sheetOpenChanged}
          // Closed by choosing a question the focus goes there, else back to the 答题卡 button.
          focusable={{ focusTriggerAfterClose: jumpAfterClose === null }}
          title={T.sheetOpen(answered, questions.length)}
          size="auto"
          styles={{ wrapper: { maxHeight: '80vh' }, body: { paddingBottom: 24 } }}
        >
          <AnswerSheet questions={sheet} onJump={jumpFromSheet} />
        </Drawer>
      )}
    </div>
  );
}
