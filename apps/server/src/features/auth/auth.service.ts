// Login, tokens, logout, current login info and password change (docs/security.md).
import type { LoginInfo } from '@edu/contract';
import type { Config } from '../../config.js';
import { ApiError, invalidField, loginRequired } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { AgencyService } from '../agency/agency.service.js';
import type { AuthRepository, Session } from './auth.repository.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { needsTouch, tokenState } from './auth.policy.js';
import type { LoginAttemptKeys, LoginLimiter } from './login-limiter.js';
import { checkNewPassword, hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from './tokens.js';

/** Deliberately the same for an unknown user and a wrong password. */
const BAD_CREDENTIALS = '用户名或密码错误';
/** Expired tokens are kept a day (for support questions), then deleted at the user's next login. */
const EXPIRED_TOKEN_RETENTION_MS = 24 * 3600 * 1000;
/** At most this many sessions are kept in the process's session cache. */
const SESSION_CACHE_ENTRIES = 50_000;

export class AuthService {
  /**
   * Token hash → what the database said about it, reused for `readCacheSeconds`: the lookup runs on every
   * authenticated request. Validity (expiry, idle time) is still judged on every request; logout and a
   * password change evict at once (docs/performance.md).
   */
  private readonly sessions: TtlCache<string, Session>;
  /** Last-seen writes under way (see `touch`). */
  private readonly touching = new Set<Promise<void>>();

  constructor(
    private readonly repo: AuthRepository,
    private readonly agencies: AgencyService,
    private readonly limiter: LoginLimiter,
    private readonly config: Pick<Config, 'tokenTtlSeconds' | 'tokenIdleSeconds' | 'readCacheSeconds'>,
    private readonly clock: Clock,
    private readonly reportError: (err: unknown) => void = (err) =>
      console.error(`Writing a session's last-seen failed: ${String(err)}`),
  ) {
    this.sessions = new TtlCache(config.readCacheSeconds * 1000, SESSION_CACHE_ENTRIES, clock);
  }

  /** Forgets what this process cached about the user's tokens (after a change to the user or their roles). */
  forgetUser(userId: number): void {
    this.sessions.deleteWhere((s) => s.userId === userId);
  }

  private async refuseWhenLimited(keys: LoginAttemptKeys) {
    const waitMs = await this.limiter.blockedFor(keys);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      const wait = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
      throw new ApiError('too_many_requests', `登录失败次数过多，请 ${wait}后再试`, {
        headers: { 'retry-after': String(seconds) },
      });
    }
  }

  async login(input: { username: string; password: string }, address: string): Promise<LoginInfo> {
    const keys = { account: input.username.toLowerCase(), address };
    // Checked before the password: a locked account must not become a password oracle.
    await this.refuseWhenLimited(keys);
    const user = await this.repo.findUserByUsername(input.username);
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) {
      await this.limiter.recordFailure(keys);
      throw new ApiError('login_required', BAD_CREDENTIALS);
    }
    await this.limiter.recordSuccess(keys);

    const now = this.clock.now();
    const token = newToken();
    const tokenHash = hashToken(token);
    const expiresAt = now + this.config.tokenTtlSeconds * 1000;
    await this.repo.insertToken({ tokenHash, userId: user.id, now: new Date(now), expiresAt: new Date(expiresAt) });
    await this.repo.deleteExpiredTokens(user.id, new Date(now - EXPIRED_TOKEN_RETENTION_MS));
    const roles = await this.repo.rolesOf(user.id);
    return this.loginInfo({
      id: user.id,
      username: user.username,
      name: user.name,
      avatar: user.avatar,
      mustChangePassword: user.mustChangePassword,
      roles,
      token,
      tokenHash,
      expiresAt,
    });
  }

  /** The user behind a token, or null when it is unknown, revoked, expired or idle too long. */
  async authenticate(token: string, fresh = false): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const cached = fresh ? undefined : this.sessions.get(tokenHash);
    const s = cached ?? (await this.repo.findSession(tokenHash));
    if (!s) return null;
    const now = this.clock.now();
    if (tokenState(s, now, this.config.tokenIdleSeconds) !== 'valid') {
      this.sessions.delete(tokenHash);
      return null;
    }
    if (needsTouch(s.lastSeenAt, now)) {
      this.touch(tokenHash, new Date(now));
      s.lastSeenAt = new Date(now);
    }
    // Kept from when it was read, not from its last use: a session in constant use is read again every
    // READ_CACHE_SECONDS, so what another process changed reaches this one within that time.
    if (!cached) this.sessions.set(tokenHash, s);
    return {
      id: s.userId,
      username: s.username,
      name: s.name,
      avatar: s.avatar,
      mustChangePassword: s.mustChangePassword,
      roles: s.roles,
      token,
      tokenHash,
      expiresAt: s.expiresAt.getTime(),
    };
  }

  /**
   * Writes the token's last-seen (idle expiry counts from it) without making the request wait: it is written at
   * most once a minute per token against an idle limit of hours, so a write still under way — or lost with a
   * crash — moves nothing a user could notice, while waiting for it put a commit into the first request of
   * every session back from a minute's pause (an exam start: hundreds at once).
   */
  private touch(tokenHash: string, at: Date): void {
    const write: Promise<void> = this.repo
      .touchToken(tokenHash, at)
      .catch(this.reportError)
      .finally(() => this.touching.delete(write));
    this.touching.add(write);
  }

  /** Resolves when every last-seen write started so far has ended (at shutdown, and in tests). */
  async drain(): Promise<void> {
    while (this.touching.size > 0) await Promise.all([...this.touching]);
  }

  async logout(user: AuthUser): Promise<null> {
    await this.repo.revokeToken(user.tokenHash, new Date(this.clock.now()));
    this.sessions.delete(user.tokenHash);
    return null;
  }

  /** Login info for the current token, user and roles read afresh from the database (not the cache). */
  async me(user: AuthUser): Promise<LoginInfo> {
    const current = await this.authenticate(user.token, true);
    if (!current) throw loginRequired();
    return this.loginInfo(current);
  }

  async changePassword(
    user: AuthUser,
    input: { oldPassword: string; newPassword: string },
    address: string,
  ): Promise<null> {
    // Guessing the old password from a stolen session counts against the same login limits.
    const keys = { account: user.username.toLowerCase(), address };
    await this.refuseWhenLimited(keys);
    const row = await this.repo.findUserById(user.id);
    if (!row) throw loginRequired();
    if (!(await verifyPassword(row.passwordHash, input.oldPassword))) {
      await this.limiter.recordFailure(keys);
      // 400, not 401: a wrong old password must not log the user out in the web.
      throw invalidField('request.oldPassword', '原密码不正确');
    }
    if (input.oldPassword === input.newPassword) throw invalidField('request.newPassword', '新密码不能与原密码相同');
    const weakness = checkNewPassword(input.newPassword, [user.username, user.name]);
    if (weakness) throw invalidField('request.newPassword', weakness);
    const now = new Date(this.clock.now());
    await this.repo.setPassword(user.id, await hashPassword(input.newPassword), now);
    // Every other session ends: whoever knew the old password loses access, this session stays.
    await this.repo.revokeOtherTokens(user.id, user.tokenHash, now);
    this.forgetUser(user.id);
    return null;
  }

  private async loginInfo(u: Omit<AuthUser, 'tokenHash'> & { tokenHash?: string }): Promise<LoginInfo> {
    return {
      access_token: u.token,
      expires_at: u.expiresAt,
      roles: u.roles,
      agencies: await this.agencies.actingAgencies({ id: u.id, roles: u.roles }),
      user: {
        id: String(u.id),
        username: u.username,
        name: u.name,
        avatar: u.avatar,
        mustChangePassword: u.mustChangePassword,
      },
    };
  }
}
