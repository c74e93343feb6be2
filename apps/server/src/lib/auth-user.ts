// The logged-in user as the auth plugin attaches it to a request. Its own module so that services can name it
// without importing the Fastify declarations, which import the services (no import cycle, docs/architecture.md §3).

/** The logged-in user behind a valid bearer token. */
export interface AuthUser {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  mustChangePassword: boolean;
  /** Reloaded from the database on every request, so a role change applies at once. */
  roles: string[];
  token: string;
  tokenHash: string;
  expiresAt: number;
}
