import { ErrorCode } from '@tollgate/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { startChains } from './chains/start-chains';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { sealPlainSecrets } from './db/seal-secrets';
import { startJobs } from './jobs/start-jobs';
import { createErrorEnvelope } from './lib/envelope';
import { pickLanguage } from './lib/language';
import { RequestLogController } from './lib/request-logging';
import { type RequestTimeouts, toServerTimeoutOptions } from './lib/request-timeouts';
import { createSecretBox } from './lib/secret-box';
import { resolveSecretKey } from './lib/secret-key';
import { toFastifyTrustProxy } from './lib/trust-proxy';
import { installZodMessageKeys } from './lib/validation-errors';
import { registerApplicationRoutes } from './modules/applications/application.routes';
import { registerAddressWhitelistRoutes } from './modules/assets/address-whitelist.routes';
import { registerAssetRoutes } from './modules/assets/assets.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerCallbackRoutes } from './modules/callbacks/callbacks.routes';
import { registerCashierRoutes } from './modules/cashier/cashier.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerEpusdtRoutes } from './modules/epusdt/epusdt.routes';
import { registerExportRoutes } from './modules/exports/export.routes';
import { registerGoogleRoutes } from './modules/google/google.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerFundRecordRoutes } from './modules/ledger/fund-records.routes';
import { registerLiveRoutes } from './modules/live/live.routes';
import { registerDevOutboxRoutes } from './modules/mail/dev-outbox.routes';
import {
  DEMO_ACCOUNT,
  demoLoginWorks,
  ensureDemoMerchant,
  shouldSeedDemo,
} from './modules/merchant/demo-merchant';
import { registerMerchantRoutes } from './modules/merchant/merchant.routes';
import { registerMerchantApi } from './modules/merchant-api/merchant-api.routes';
import { registerNoticeRoutes } from './modules/notice/notice.routes';
import { DEMO_OPERATOR, seedDemoOperator } from './modules/ops/create-operator';
import { registerOpsRoutes } from './modules/ops/ops.routes';
import { registerOrderRecordRoutes } from './modules/orders/records.routes';
import { registerPasswordRoutes } from './modules/password/password.routes';
import { registerReferenceRoutes } from './modules/reference/reference.routes';
import { registerRegistrationRoutes } from './modules/registration/registration.routes';
import { registerReportRoutes } from './modules/reports/report.routes';
import { registerTelegramRoutes } from './modules/telegram/telegram.routes';
import { registerUploadRoutes } from './modules/uploads/upload.routes';
import { startCollectionWatcher } from './modules/watcher/start-watcher';
import { BODY_LIMIT, registerBodyParsing } from './plugins/body-parsing';
import { registerCashierApp } from './plugins/cashier-app';
import { handleClientError, trackRequestsInFlight } from './plugins/client-errors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputCharacters } from './plugins/input-characters';
import { registerNotFound } from './plugins/not-found';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { acceptLanguageHint, generateRequestId, registerRequestContext } from './plugins/request-context';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import type { Clock } from './types';

/**
 * Builds the whole server on a database it is handed (server.ts opens the real one, tests
 * a fresh one per file). The app owns the database from here: closing the app closes it.
 */
export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The clock for sessions and timestamps; tests inject one to expire tokens. */
  now?: Clock;
  /** Where log lines go (default stdout); tests read them back. */
  logStream?: { write(line: string): void };
  /** How long a client may take to send a request (lib/request-timeouts); tests shorten them. */
  requestTimeouts?: Partial<RequestTimeouts>;
}

export async function buildApp({
  config,
  database,
  now = () => new Date(),
  logStream,
  requestTimeouts,
}: BuildAppOptions) {
  installZodMessageKeys();
  const app = Fastify({
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    logger: {
      level: config.logLevel,
      // Never in the logs: tokens, cookies, passwords (wherever a log call puts them).
      redact: {
        paths: [
          'req.headers["x-auth-token"]',
          'req.headers["x-ops-token"]',
          'req.headers.cookie',
          'req.headers.authorization',
          'password',
          '*.password',
          'body.password',
          'token',
          '*.token',
        ],
        censor: '[redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Request lines of quiet routes (/health) at debug: lib/request-logging.
    logController: new RequestLogController(),
    genReqId: generateRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    ...toServerTimeoutOptions(requestTimeouts),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: handleClientError,
  });
  // The job worker and the devnet block producer stop (finishing what is in hand) before the
  // database they use closes.
  app.addHook('onClose', async () => {
    if (app.hasDecorator('watcher')) await app.watcher.stop();
    if (app.hasDecorator('chains')) await app.chains.stop();
    if (app.hasDecorator('jobs')) await app.jobs.stop();
    await database.close();
  });
  try {
    await assembleApp(app, { config, database, now });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * A path that is not even valid percent-encoding names no resource: a 404 envelope, answered
 * here because such errors reach neither the hooks nor the error handler.
 */
function answerFrameworkError(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(404)
    .header('x-request-id', request.id)
    .send(
      createErrorEnvelope(
        pickLanguage({ header: request.headers.lang, accept: acceptLanguageHint(request) }),
        ErrorCode.NOT_FOUND,
      ),
    );
}

async function assembleApp(
  app: FastifyInstance,
  { config, database, now }: Required<Omit<BuildAppOptions, 'logStream' | 'requestTimeouts'>>,
) {
  // 1. Zod validates requests and serializes responses from the contracts schemas.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 2. The database, migrated before anything can query it, and the app-wide context. Secrets
  //    still stored in plain text are sealed right after the SQL migrations (db/seal-secrets).
  const secrets = createSecretBox(resolveSecretKey(config));
  await database.migrate();
  await sealPlainSecrets(database.db, secrets);
  app.decorate('secrets', secrets);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('now', now);
  // The wallet and the chain adapters (chains/): jobs and routes below use app.chains.
  await startChains(app);
  startJobs(app);
  // The chain watcher (modules/watcher): per chain under its lease, payments to orders and
  // deposits, reorgs, credits and withdrawals; expiries. Its events wake the job workers.
  startCollectionWatcher(app);
  if (shouldSeedDemo(config)) await ensureDemoMerchant(database.db, now);
  // Checked once here, so server.ts prints the demo login only while it still works.
  app.decorate('demoAccount', (await demoLoginWorks(database.db)) ? { ...DEMO_ACCOUNT } : null);
  // The demo operator (the /ops console) on the same conditions, printed beside it.
  const demoOperatorWorks = await seedDemoOperator(database.db, now, shouldSeedDemo(config));
  app.decorate('demoOperator', demoOperatorWorks ? { ...DEMO_OPERATOR } : null);

  // 3. Request id, language and the error envelope come first, so that even a request
  //    refused by a plugin below is answered in the caller's language with an id.
  registerRequestContext(app);
  trackRequestsInFlight(app);
  registerErrorHandler(app);

  // 4. External plugins: security headers, rate limiting, then the body parsers.
  await registerSecurity(app);
  await registerRateLimit(app);
  await registerBodyParsing(app);
  registerInputCharacters(app);

  // 5. OpenAPI before the routes: it records each route as it is added.
  await registerOpenApi(app);

  // 6. Routes, one module per domain.
  registerHealthRoutes(app);
  registerReferenceRoutes(app);
  registerAuthRoutes(app);
  registerRegistrationRoutes(app);
  registerPasswordRoutes(app);
  registerGoogleRoutes(app);
  registerMerchantRoutes(app);
  registerDashboardRoutes(app);
  registerNoticeRoutes(app);
  registerApplicationRoutes(app);
  registerTelegramRoutes(app);
  registerCallbackRoutes(app);
  registerOrderRecordRoutes(app);
  registerAssetRoutes(app);
  registerAddressWhitelistRoutes(app);
  registerFundRecordRoutes(app);
  registerReportRoutes(app);
  registerExportRoutes(app);
  // The merchant's live events (GET /front/events): LISTEN on the database, streams per tab.
  await registerLiveRoutes(app, database);
  // The operator console (/front/ops/*): its own accounts and x-ops-token sessions.
  registerOpsRoutes(app);
  registerUploadRoutes(app);
  // The hosted cashier's public calls (/front/cashier/*, no login).
  registerCashierRoutes(app);
  registerDevOutboxRoutes(app);
  // The merchant API (/api/v1): signed requests, in a scope of its own (raw JSON bodies).
  await registerMerchantApi(app);
  // The epusdt-compatible endpoint (/epusdt/{appId}/…): MD5-signed raw bodies, its own scope.
  await registerEpusdtRoutes(app);

  // 7. Last: the hosted cashier's page (/pay/), the web app and whatever no route answered
  //    (SPA fallback or a 404 envelope).
  await registerCashierApp(app, config.cashierDistDir);
  const serveIndex = await registerWebApp(app, config.webDistDir);
  registerNotFound(app, serveIndex);
}
