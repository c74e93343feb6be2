// SQL for users' credentials and bearer tokens.
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens, userRoles, users } from '../../db/schema.js';
import { MicroBatch } from '../../lib/micro-batch.js';
import { roleHonoured } from '../users/suspension.js';
import { withPlannedRows } from '../../db/planned-rows.js';

export interface Session {
  userId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  username: string;
  name: string;
  avatar: string | null;
  mustChangePassword: boolean;
  roles: string[];
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByUsername(username: string) {
    const [u] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return u;
  }

  async findUserById(id: number) {
    const [u] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  }

  async rolesOf(userId: number): Promise<string[]> {
    const rows = await this.db
      .select({ role: userRoles.role })
      .from(userRoles)
      // A role of an agency that suspended this user is not honoured anywhere (docs/users.md "Membership").
      .where(and(eq(userRoles.userId, userId), roleHonoured(userRoles.role, userRoles.userId)))
      .orderBy(userRoles.role);
    return rows.map((r) => r.role);
  }

  /**
   * Token, user and roles in one round trip: this runs on every authenticated request whose session is not
   * cached (lib/micro-batch.ts: lookups arriving together share one statement).
   */
  findSession(tokenHash: string): Promise<Session | undefined> {
    return this.sessions.load(tokenHash);
  }

  private readonly sessions = new MicroBatch<string, Session | undefined>(async (hashes) => {
    this.sessionsStatement ??= this.buildSessions();
    const rows = await this.sessionsStatement.execute({ hashes: [...new Set(hashes)] });
    const found = new Map(rows.map(({ tokenHash, ...session }) => [tokenHash, session]));
    // Each caller gets its own object (the service updates lastSeenAt on it).
    return hashes.map((h) => {
      const session = found.get(h);
      return session ? { ...session } : undefined;
    });
  });

  private sessionsStatement?: ReturnType<typeof this.buildSessions>;

  private buildSessions() {
    return withPlannedRows(
      this.db
        .select({
          tokenHash: authTokens.tokenHash,
          userId: authTokens.userId,
          expiresAt: authTokens.expiresAt,
          lastSeenAt: authTokens.lastSeenAt,
          revokedAt: authTokens.revokedAt,
          username: users.username,
          name: users.name,
          avatar: users.avatar,
          mustChangePassword: users.mustChangePassword,
          roles: sql<
            string[]
          >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id} and ${roleHonoured(userRoles.role, userRoles.userId)}), '{}')`,
        })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(sql`${authTokens.tokenHash} = any(${sql.placeholder('hashes')}::text[])`)
        .prepare('auth_sessions'),
    );
  }

  async insertToken(t: { tokenHash: string; userId: number; now: Date; expiresAt: Date }) {
    await this.db.insert(authTokens).values({
      tokenHash: t.tokenHash,
      userId: t.userId,
      createdAt: t.now,
      expiresAt: t.expiresAt,
      lastSeenAt: t.now,
    });
  }

  /**
   * Marks the token as used at `at` (idle expiry counts from it). Touches arriving together share one statement
   * (an exam start: hundreds of sessions untouched for a while start at once); each token gets the latest time
   * its own requests in the batch asked for, and a time never moves backwards.
   */
  touchToken(tokenHash: string, at: Date): Promise<void> {
    return this.touches.load({ tokenHash, at });
  }

  private readonly touches = new MicroBatch<{ tokenHash: string; at: Date }, void>(async (keys) => {
    const latest = new Map<string, Date>();
    for (const k of keys) {
      const seen = latest.get(k.tokenHash);
      if (!seen || seen < k.at) latest.set(k.tokenHash, k.at);
    }
    const hashes = [...latest.keys()];
    const times = hashes.map((h) => latest.get(h)!.toISOString());
    await this.db.execute(sql`
      update auth_tokens t set last_seen_at = greatest(t.last_seen_at, v.at)
        from unnest(${sql.param(hashes)}::text[], ${sql.param(times)}::timestamptz[]) as v(hash, at)
       where t.token_hash = v.hash`);
    return keys.map(() => undefined);
  });

  async revokeToken(tokenHash: string, at: Date) {
    await this.db
      .update(authTokens)
      .set({ revokedAt: at })
      .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
  }

  async revokeOtherTokens(userId: number, keepHash: string, at: Date) {
    await this.db
      .update(authTokens)
      .set({ revokedAt: at })
      .where(and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, keepHash), isNull(authTokens.revokedAt)));
  }

  /** Keeps the token table bounded: a user's tokens that expired before `before` are deleted. */
  async deleteExpiredTokens(userId: number, before: Date) {
    await this.db.delete(authTokens).where(and(eq(authTokens.userId, userId), lt(authTokens.expiresAt, before)));
  }

  async setPassword(userId: number, passwordHash: string, at: Date) {
    await this.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: at })
      .where(eq(users.id, userId));
  }
}
