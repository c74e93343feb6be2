// Train repositories: the agency's own (private or shared to the store) and the shared ones it uses by
// reference. The schemes service asks it which repositories an agency may read or write. The logic and the
// access rules are the question repositories' (repositories/repository-kind.service.ts,
// repositories.policy.ts): the two work the same way, the subscription cache included (`READ_CACHE_SECONDS`:
// every student's list of open schemes needs the agency's subscriptions).
import type { Clock } from '../../lib/clock.js';
import { RepoKindService } from '../repositories/repository-kind.service.js';
import type { TrainReposRepository } from './train-repos.repository.js';

export const DEFAULT_TRAIN_REPO_NAME = '默认方案库';

export class TrainReposService extends RepoKindService<'schemeCount'> {
  constructor(repo: TrainReposRepository, clock: Clock, cacheSeconds = 0) {
    super(
      repo,
      clock,
      {
        countKey: 'schemeCount',
        defaultName: DEFAULT_TRAIN_REPO_NAME,
        notFound: '方案库不存在',
        readOnly: '该方案库是引用的共享方案库，只能查看，不能修改',
        notEmpty: '方案库中还有训练方案，请先把方案移到其他方案库',
        own: '这是本机构自己的方案库，无需引用',
        notSubscribed: '未引用该方案库',
        withdrawn: '该方案库已被平台下架，不能引用',
        reshareWithdrawn: '该方案库已被平台下架，平台管理员恢复上架后才能再次共享',
      },
      cacheSeconds,
    );
  }
}
