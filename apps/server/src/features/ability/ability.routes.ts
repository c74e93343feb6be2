// Ability-matched draws (docs/practice-engine.md "Draw modes"): no route of its own; the periodic check that queues
// the nightly calibration job, on a timer of its own, unref'd so it keeps no process up. Several nodes may check at
// once: a second job the same night only calibrates again.
import type { FastifyInstance } from 'fastify';

export async function abilityRoutes(app: FastifyInstance) {
  const { ability, config } = app.services;
  const timer = setInterval(() => {
    ability.schedule().catch((err: unknown) => app.log.error({ err }, 'ability calibration check failed'));
  }, config.abilityCalibration.checkMinutes * 60_000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
