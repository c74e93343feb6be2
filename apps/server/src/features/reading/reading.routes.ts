// AI reading calls (docs/reading.md). The call log's retention runs on a timer of its own, unref'd so it keeps no
// process up (as the notices' check).
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

/** How often a node deletes call-log rows past AI_CALL_LOG_RETENTION_DAYS. */
export const CALL_LOG_PURGE_INTERVAL_MS = 60 * 60_000;

export async function readingRoutes(app: FastifyInstance) {
  const { reading } = app.services;
  const timer = setInterval(() => {
    reading.purgeCalls().catch((err: unknown) => app.log.error({ err }, 'reading call log purge failed'));
  }, CALL_LOG_PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));

  registerApi(app, API.readingFormat, ({ body }) => reading.format(body.request));
  registerApi(app, API.readingGenerate, ({ agencyId, body, user }) =>
    reading.generate({ agencyId: agencyId!, userId: user().id }, body.request),
  );
  registerApi(app, API.readingGenerateJob, ({ agencyId, params }) => reading.job(agencyId!, params.jobId));
  registerApi(app, API.readingNewSubId, () => reading.newSubId());
  registerApi(app, API.readingSubAction, ({ agencyId, params, body }) =>
    reading.subAction(agencyId!, params.id, params.questionSubId, body.request),
  );
  registerApi(app, API.readingPlatformSettings, () => reading.platformSettings());
  registerApi(app, API.readingPlatformSettingsSave, ({ body }) => reading.savePlatformSettings(body.request));
  registerApi(app, API.readingPlatformSettingsTest, ({ body }) => reading.testPlatformSettings(body.request));
  registerApi(app, API.readingAgencySettings, ({ agencyId }) => reading.agencySettings(agencyId!));
  registerApi(app, API.readingAgencySettingsSave, ({ agencyId, body }) =>
    reading.saveAgencySettings(agencyId!, body.request),
  );
  registerApi(app, API.readingAgencySettingsTest, ({ agencyId, body }) =>
    reading.testAgencySettings(agencyId!, body.request),
  );
  registerApi(app, API.readingAgencySettingsReset, ({ agencyId }) => reading.resetAgencySettings(agencyId!));
  registerApi(app, API.readingCalls, ({ agencyId, query }) => reading.calls(agencyId, query));
  registerApi(app, API.readingCallsAll, ({ query }) => reading.calls(null, query));
}
