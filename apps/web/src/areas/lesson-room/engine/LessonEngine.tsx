// The practice engine inside the lesson room (docs/lessons.md "The engine in the lesson"), mounted once by the room:
// the teacher (and observers, read only) get a 课堂练习 button opening the side panel — the pushed questions with the
// student's live results, and the student's knowledge graph, wrong answers and the bank to push from; the student
// gets each pushed question as a card over the board. The pushes stay current through the room's socket.
import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Badge, Button, Drawer } from 'antd';
import type { LessonPushes, LessonRole, LessonWithdrawnEvent } from '@edu/contract';
import { PushStateTag } from '../../../components/lessons/PushParts';
import { StudentPractice } from './StudentPractice';
import { TeacherPanel } from './TeacherPanel';
import { useEngineEvents, usePushes, type EngineSocket } from './queries';
import { ENGINE_TEXTS as T } from './texts';
import './engine.css';

/** Tells the teacher of each answer that arrives while the panel is closed (its state as the message). */
function useAnswerNotes(pushes: LessonPushes | undefined, quiet: boolean) {
  const { message } = AntApp.useApp();
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!pushes) return;
    const answered = pushes.pushes.filter((p) => p.answer !== null);
    // The first read is what was there already: nothing new to tell.
    if (known.current === null) {
      known.current = new Set(answered.map((p) => p.n));
      return;
    }
    for (const p of answered) {
      if (known.current.has(p.n)) continue;
      known.current.add(p.n);
      if (!quiet)
        void message.info({
          content: (
            <span>
              {T.nth(p.n)} <PushStateTag push={p} live />
            </span>
          ),
        });
    }
  }, [pushes, quiet, message]);
}

/** Tells the student that the teacher took back the question on their card (docs/lessons.md "Withdrawing a push"). */
function useWithdrawnNote(socket: EngineSocket | null, lessonId: string, on: boolean) {
  const { message } = AntApp.useApp();
  useEffect(() => {
    if (!socket || !on) return;
    const heard = (p: LessonWithdrawnEvent) => {
      if (String(p.lessonId) === lessonId) void message.info(T.withdrawnStudent);
    };
    socket.on('lesson:withdrawn', heard);
    return () => {
      socket.off('lesson:withdrawn', heard);
    };
  }, [socket, lessonId, on, message]);
}

function TeacherDock({
  lessonId,
  pushes,
  canPush,
}: {
  lessonId: string;
  pushes: LessonPushes | undefined;
  canPush: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The drawer starts below the room's header, so that 下课 and 返回 stay at hand while it is open.
  const [top, setTop] = useState(0);
  useAnswerNotes(pushes, open);
  return (
    <>
      <div className="lesson-engine-dock">
        <Badge dot={pushes?.waiting === true}>
          <Button
            type="primary"
            onClick={() => {
              setTop(document.querySelector('.lesson-room-header')?.getBoundingClientRect().bottom ?? 0);
              setOpen(true);
            }}
          >
            {T.open}
          </Button>
        </Badge>
      </div>
      <Drawer
        title={T.titleNoName}
        placement="right"
        // Beside the board, which stays usable: no mask.
        mask={false}
        rootStyle={{ top }}
        size={Math.min(440, window.innerWidth)}
        open={open}
        onClose={() => setOpen(false)}
      >
        {open && <TeacherPanel lessonId={lessonId} pushes={pushes} canPush={canPush} />}
      </Drawer>
    </>
  );
}

export function LessonEngine({
  lessonId,
  role,
  socket,
}: {
  lessonId: string;
  role: LessonRole;
  socket: EngineSocket | null;
}) {
  useEngineEvents(socket, lessonId);
  useWithdrawnNote(socket, lessonId, role === 'student');
  const pushes = usePushes(lessonId);
  if (role === 'student') return <StudentPractice lessonId={lessonId} pushes={pushes.data} />;
  if (role === 'teacher' || role === 'observer')
    return <TeacherDock lessonId={lessonId} pushes={pushes.data} canPush={role === 'teacher'} />;
  return null;
}
