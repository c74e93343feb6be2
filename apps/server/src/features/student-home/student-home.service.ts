// The student home (docs/student-home.md): one summary of the student's day, each part read through the
// feature that owns it (tasks, wrong-answer book, mastery) or a lean read of the student's own trainings.
import { STUDENT_HOME_LIMITS as LIMITS, type HomeScore, type StudentHome } from '@edu/contract';
import type { Clock } from '../../lib/clock.js';
import type { MasteryService } from '../mastery/mastery.service.js';
import type { TasksService } from '../tasks/tasks.service.js';
import type { WrongBookService } from '../wrong-book/wrong-book.service.js';
import type { StudentHomeRepository } from './student-home.repository.js';

const WEEK_MS = 7 * 86_400_000;

export interface HomeOwner {
  id: number;
  agencyId: string;
}

export class StudentHomeService {
  constructor(
    private readonly repo: StudentHomeRepository,
    private readonly tasks: TasksService,
    private readonly wrongBook: WrongBookService,
    private readonly mastery: MasteryService,
    private readonly clock: Clock,
  ) {}

  async summary(user: HomeOwner): Promise<StudentHome> {
    const now = this.clock.now();
    const owner = { agencyId: user.agencyId, userId: user.id };
    const [tasks, running, ended, book, mastery] = await Promise.all([
      this.tasks.todo(user, { start: 0, size: LIMITS.tasks }),
      this.repo.running(owner, now),
      this.repo.ended(owner, LIMITS.scores),
      this.wrongBook.list(owner, { filter: 'due', start: 0, size: LIMITS.reviews }),
      this.mastery.levelCounts(owner, now - WEEK_MS),
    ]);
    const c = running.current;
    const phases = Array.isArray(c?.phases) ? (c.phases as unknown[]).map(String) : [];
    return {
      serverTime: now,
      tasks,
      training: {
        running: running.count,
        current: c
          ? {
              trainId: String(c.id),
              schemeId: String(c.schemeId),
              title: c.title,
              type: c.type === 'paper' ? 'paper' : 'general',
              taskId: c.taskId === null ? null : String(c.taskId),
              answered: c.answered,
              phaseIndex: Math.max(1, phases.indexOf(c.phase ?? '') + 1),
              phaseCount: Math.max(1, phases.length),
              startTime: c.startedAt.getTime(),
              lastUpdate: c.updatedAt.getTime(),
              deadline: c.deadline === null ? null : Number(c.deadline),
            }
          : null,
      },
      review: { due: book.counts.due, all: book.counts.all, list: book.list },
      scores: ended.map((r): HomeScore => ({
        trainId: String(r.id),
        title: r.title,
        type: r.type === 'paper' ? 'paper' : 'general',
        status: r.status as HomeScore['status'],
        answered: r.answered,
        correct: r.correct,
        score: r.score,
        maxScore: r.maxScore,
        endTime: (r.endedAt ?? r.startedAt).getTime(),
      })),
      mastery,
    };
  }
}
