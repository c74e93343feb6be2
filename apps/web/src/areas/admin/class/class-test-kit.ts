// A class summary for the class pages' web tests (初一（1）班 of agency demo, two members, 张老师 teaching).
import type { ClassSummary } from '@edu/contract';

export const cls = (over: Partial<ClassSummary> = {}): ClassSummary => ({
  id: '5',
  kind: 'ordinary',
  name: '初一（1）班',
  gradeId: 'g7',
  gradeName: '初一',
  subjectId: 'en',
  subjectName: '英语',
  description: '',
  archived: false,
  memberCount: 2,
  teachers: [{ id: '3', username: 'teacher', name: '张老师' }],
  canManage: true,
  createTime: 0,
  lastUpdate: Date.UTC(2026, 0, 5),
  ...over,
});
