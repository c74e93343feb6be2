// Routes of the general module: health (no database), grades and subjects.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { RawJson } from '../../lib/raw-json.js';
import { registerApi } from '../../lib/route.js';

/**
 * The health check's answer, presented by its schema once: it never changes, so every check sends this text in the
 * envelope instead of parsing and serialising the same object again (docs/performance.md "The health check's answer
 * made once").
 */
const HEALTHY = new RawJson(JSON.stringify(API.health.response.parse({ status: 'ok' })));

export async function generalRoutes(app: FastifyInstance) {
  const { general } = app.services;
  // Liveness only: it must answer while the database is slow or down, so it never queries it.
  registerApi(app, API.health, () => HEALTHY);
  registerApi(app, API.grades, () => general.grades());
  registerApi(app, API.subjects, () => general.subjects());
}
