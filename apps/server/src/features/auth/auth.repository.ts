// SQL for users' credentials and bearer tokens.
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens, userRoles, users } from '../../db/schema.js';

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
      .where(eq(userRoles.userId, userId))
      .orderBy(userRoles.role);
    return rows.map((r) => r.role);
  }

  /** Token, user and roles in one round trip: this runs on every authenticated request. */
  async findSession(tokenHash: string): Promise<Session | undefined> {
    const [s] = await this.db
      .select({
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
        >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
      })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(eq(authTokens.tokenHash, tokenHash))
      .limit(1);
    return s;
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

  async touchToken(tokenHash: string, at: Date) {
    await this.db.update(authTokens).set({ lastSeenAt: at }).where(eq(authTokens.tokenHash, tokenHash));
  }

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
