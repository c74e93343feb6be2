// Routes of the auth module: login, logout, me, password (docs/domain.md "Login contract").
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;
  registerApi(app, API.login, ({ body, request }) => auth.login(body.request, request.ip));
  registerApi(app, API.logout, ({ user }) => auth.logout(user()));
  registerApi(app, API.me, ({ user }) => auth.me(user()));
  registerApi(app, API.changePassword, ({ user, body, request }) =>
    auth.changePassword(user(), body.request, request.ip),
  );
}
