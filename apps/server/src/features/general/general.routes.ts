// Routes of the general module: health (no database), grades and subjects.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function generalRoutes(app: FastifyInstance) {
  const { general } = app.services;
  // Liveness only: it must answer while the database is slow or down, so it never queries it.
  registerApi(app, API.health, async () => ({ status: 'ok' as const }));
  registerApi(app, API.grades, () => general.grades());
  registerApi(app, API.subjects, () => general.subjects());
}
