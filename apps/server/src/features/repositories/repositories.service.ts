// Question repositories: the agency's own (private or shared to the store) and the shared ones it uses
// by reference. Other services ask it which repositories an agency may read or write. The logic is the one
// shared with train repositories (repository-kind.service.ts); this kind keeps an agency's subscriptions
// `cacheSeconds` (every question read needs them).
import type { Clock } from '../../lib/clock.js';
import type { RepositoriesRepository } from './repositories.repository.js';
import { RepoKindService } from './repository-kind.service.js';

export const DEFAULT_REPO_NAME = '默认题库';

export class RepositoriesService extends RepoKindService<'questionCount'> {
  constructor(repo: RepositoriesRepository, clock: Clock, cacheSeconds = 0) {
    super(
      repo,
      clock,
      {
        countKey: 'questionCount',
        defaultName: DEFAULT_REPO_NAME,
        notFound: '题库不存在',
        readOnly: '该题库是引用的共享题库，只能查看，不能修改',
        notEmpty: '题库中还有题目（含已归档的题目），请先移走或删除题目',
        own: '这是本机构自己的题库，无需引用',
        notSubscribed: '未引用该题库',
        withdrawn: '该题库已被平台下架，不能引用',
        reshareWithdrawn: '该题库已被平台下架，平台管理员恢复上架后才能再次共享',
      },
      cacheSeconds,
    );
  }
}
