// A small curated graph of four English tenses in every state, for the web tests of the graph views.
import { afterEach, beforeEach, vi } from 'vitest';
import type { GraphGroup, StudentGraph, StudentGraphNode } from '@edu/contract';
import { phoneWidth } from '../../test/phone-width';

export const group: GraphGroup = {
  id: '7',
  name: '初中英语时态',
  subjectId: 'en',
  gradeId: null,
  description: '',
  sort: 1,
  itemCount: 4,
  edgeCount: 3,
  createTime: 0,
  lastUpdate: 0,
};
export const node = (
  id: string,
  name: string,
  state: StudentGraphNode['state'],
  level: string | null,
): StudentGraphNode => ({
  id,
  groupId: '7',
  knowledgeCode: `en.t${id}`,
  knowledgeName: name,
  description: '',
  x: null,
  y: null,
  resources: { schemeIds: [], questionIds: [], videoUrl: null },
  mastery: { level, trained: level !== null },
  state,
});
// 一般现在时 (mastered) → 一般过去时 (ready) → 过去完成时 (locked); 现在完成时 needs 一般过去时 too (learning).
export const GRAPH: StudentGraph = {
  group,
  nodes: [
    node('1', '一般现在时', 'mastered', 'mastered'),
    node('2', '一般过去时', 'ready', 'attempted'),
    node('3', '过去完成时', 'locked', null),
    node('4', '现在完成时', 'learning', 'familiar'),
  ],
  edges: [
    { id: 'e1', fromItemId: '1', toItemId: '2' },
    { id: 'e2', fromItemId: '2', toItemId: '3' },
    { id: 'e3', fromItemId: '2', toItemId: '4' },
  ],
};

/** Fake timers around each test of the file, and `phone()` for a phone's width until the test ends. */
export function graphTestSetup() {
  let restore: (() => void) | null = null;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    restore?.();
    restore = null;
    vi.useRealTimers();
  });
  return {
    phone: () => {
      restore = phoneWidth();
    },
  };
}
