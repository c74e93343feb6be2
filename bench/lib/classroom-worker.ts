// One thread of the classroom benchmark's clients (bench/lib/classroom.ts `ClassroomWorkers`): its lessons' teachers
// and students, driven by the main thread's commands, each answered with the same id.
import { parentPort, workerData } from 'node:worker_threads';
import type { BenchLesson } from '../generators/lessons.js';
import { Classroom } from './classroom.js';

const { entry, lessons } = workerData as { entry: string; lessons: BenchLesson[] };
const room = new Classroom(entry, lessons);
room.start();

parentPort!.on('message', (m: { id: number; cmd: 'setActive' | 'swap' | 'close'; n?: number }) => {
  const run = async () => {
    if (m.cmd === 'setActive') return room.setActive(m.n ?? 0);
    if (m.cmd === 'swap') return room.swap();
    return room.close();
  };
  run().then(
    (answer) => parentPort!.postMessage({ id: m.id, answer }),
    (err: unknown) => parentPort!.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
