// An agency's admins, given by the platform admin (docs/users.md "An agency's first admin"): a new account with a
// one-time password, or an existing account named by its username.
import type { AgencyAdmin, CreatedAgencyAdmin } from '@edu/contract';
import { conflict, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { createAgencyAccount } from '../users/accounts.js';
import type { AgencyAdminsRepository } from './agency-admins.repository.js';
import type { AgencyRepository } from './agency.repository.js';
import { adminToWire } from './agency.service.js';

export class AgencyAdminsService {
  constructor(
    private readonly repo: AgencyAdminsRepository,
    private readonly agencies: AgencyRepository,
    /** Forgets cached sessions of a user whose roles changed. */
    private readonly forgetUser: (userId: number) => void,
    private readonly clock: Clock,
  ) {}

  private async agency(id: string) {
    const a = await this.agencies.get(id);
    if (!a) throw notFound('机构不存在');
    return a;
  }

  /**
   * A new account of the agency holding its admin role: the username gets the agency prefix (generated when
   * empty), the password is generated, shown once and must be changed at the first login.
   */
  async create(agencyId: string, input: { name: string; username?: string }): Promise<CreatedAgencyAdmin> {
    await this.agency(agencyId);
    const made = await this.repo.db.transaction((tx) =>
      createAgencyAccount(tx, {
        agencyId,
        name: input.name,
        username: input.username || undefined,
        roles: ['admin'],
        now: new Date(this.clock.now()),
      }),
    );
    return {
      admin: { id: String(made.userId), username: made.username, name: input.name.trim() },
      password: made.password,
    };
  }

  /** An existing account (its full username) gets the agency's admin role; its other roles stay as they are. */
  async add(agencyId: string, input: { username: string }): Promise<AgencyAdmin> {
    const agency = await this.agency(agencyId);
    const account = await this.repo.account(agencyId, input.username);
    if (!account) throw invalidField('request.username', `没有用户名为 ${input.username} 的账号`);
    if (account.isAdmin) throw conflict(`${account.name}（${account.username}）已是${agency.name}的管理员`);
    // A suspended membership would not honour the role (docs/users.md "Membership"): enabling it is the agency's act.
    if ((await this.repo.membership(agencyId, account.id))?.disabledAt)
      throw conflict(`${account.name}（${account.username}）在${agency.name}已被停用，请先启用后再设为管理员`);
    const now = new Date(this.clock.now());
    await this.repo.db.transaction((tx) => this.repo.grantAdmin(tx, agencyId, account, now));
    this.forgetUser(account.id);
    return adminToWire(account);
  }
}
