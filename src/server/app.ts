// The reference server: one Fastify app serving the three backends of SPEC.md section 7 on one
// origin. `buildApp` wires it; `main.ts` opens the database and listens.
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { OpenDatabase } from './db/client';
import { Codes } from './auth/codes';
import { serverSecret } from './auth/secrets';
import { SignIn } from './auth/signIn';
import { Tokens } from './auth/tokens';
import { demoOutbox, productionDelivery, type CodeDelivery } from './delivery';
import { installAuthentication } from './http/authentication';
import { installCaller } from './http/caller';
import { installErrorHandling } from './http/errors';
import { installIdempotency } from './http/idempotency';
import { loggerOptions } from './http/logging';
import { installPublicUrl } from './http/publicUrl';
import { installRequestGuard } from './http/requestGuard';
import { installSchemas } from './http/schemas';
import { requestTimeoutOptions } from './http/timeouts';
import { BACKEND_PREFIXES } from '../contract/constants';
import { CountryAgencies } from './domain/agencies/countryAgencies';
import { adminUserRoutes } from './routes/admin/adminUsers';
import { agencyRoutes } from './routes/admin/agencies';
import { campaignRoutes } from './routes/admin/campaigns';
import { countryRoutes } from './routes/admin/countries';
import { countrySmsRoutes } from './routes/admin/countrySms';
import { eventTypeRoutes } from './routes/admin/eventTypes';
import { gridRoutes } from './routes/admin/grids';
import { paymentRunRoutes } from './routes/admin/paymentRuns';
import { pendingPaymentTotalsRoutes } from './routes/admin/pendingPaymentTotals';
import { paymentRunDetailRoutes } from './routes/admin/paymentRunDetail';
import { auditRoutes } from './routes/admin/audit';
import { statsRoutes } from './routes/admin/stats';
import { reportRoutes } from './routes/admin/reports';
import { secureReportRoutes } from './routes/admin/secureReports';
import { paymentReportRoutes } from './routes/service/paymentReports';
import { securePageRoutes } from './routes/service/securePage';
import { startJobQueue } from './jobs/queue';
import { whitelistRoutes } from './routes/admin/whitelists';
import { agentRoutes } from './routes/users/agents';
import { serviceInviteRoutes } from './routes/service/invites';
import { consoleIsBuilt, registerConsole } from './routes/console';
import { outboxRoutes } from './routes/dev/outbox';
import { serviceAgencyRoutes } from './routes/service/agencies';
import { serviceCampaignPartRoutes } from './routes/service/campaignParts';
import { serviceCampaignRoutes } from './routes/service/campaigns';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/users/auth';
import { referenceRoutes } from './routes/users/reference';
import { sessionRoutes } from './routes/users/sessions';

export interface AppDependencies {
  config: Config;
  database: OpenDatabase;
  /** Replaces the configured code delivery (tests). */
  delivery?: CodeDelivery;
}

export async function buildApp({ config, database, delivery }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ...requestTimeoutOptions(config.requestTimeoutSeconds),
  });
  // Every write, and every read that must see its own write, on `db` (the primary); lists, grids,
  // reports, Stats and exports on `reads` (the replica of DATABASE_READ_URL, else `db`): db/client.ts.
  const { db, reads } = database;

  const codeDelivery = delivery ?? (config.demo ? demoOutbox(app.log) : await productionDelivery(config.delivery, app.log));
  app.addHook('onClose', async () => codeDelivery.close?.());
  const tokens = new Tokens(db, await serverSecret(db, 'jwt', config.jwtSecret), config.tokens);
  const codes = new Codes(db, await serverSecret(db, 'otp_pepper'), config.otp);
  const signIn = new SignIn(db, codes, tokens, codeDelivery);
  const countryAgencies = CountryAgencies.fromConfig();

  const consoleOrigins = Object.values(config.backends).flatMap((url) => (url ? [new URL(url).origin] : []));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Plain http on a LAN or localhost must keep working: no forced upgrade.
        upgradeInsecureRequests: null,
        connectSrc: ["'self'", ...consoleOrigins],
        // The console's service worker (/sw.js, which imports its Workbox runtime) and its web app
        // manifest come from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  });
  // Answers of 1 KB and more go compressed as the client accepts (brotli at a quality that keeps
  // up with a stream, or gzip): lists, a grid's 'all rows', CSV exports and report files as they
  // stream. The console's files come precompressed from the build (routes/console.ts); an answer
  // that already has an encoding is left alone.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  // The console's own files do not count: a whole office behind one address installing or
  // updating the console (some 60 files each) must not lock itself out of the backends. Which
  // route that is comes from the matched route's config, never from the URL text.
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => request.routeOptions.config.consoleFile === true,
  });
  installErrorHandling(app, { servesConsole: consoleIsBuilt() });
  installPublicUrl(app, config.publicUrl);
  await installSchemas(app, { browsable: config.demo });
  // In this order, before any body is validated: who is calling (the token), a hostile body refused
  // whole, the Idempotency-Key claimed (keys belong to the caller; every answer from here on, a
  // refusal by role or by schema included, is the key's answer), then the caller and the role the
  // route requires.
  installAuthentication(app, tokens);
  installRequestGuard(app);
  await installIdempotency(app, db);
  installCaller(app, db);

  await registerConsole(app, config.backends);

  await app.register(healthRoutes(database));
  await app.register(authRoutes(signIn), { prefix: '/api/v1' });
  await app.register(referenceRoutes(reads), { prefix: '/api/v1' });
  await app.register(agentRoutes(database), { prefix: '/api/v1' });
  await app.register(sessionRoutes(db), { prefix: '/api/v1' });
  await app.register(countryRoutes(database), { prefix: '/admin' });
  await app.register(countrySmsRoutes(database), { prefix: '/admin' });
  await app.register(adminUserRoutes(database, countryAgencies), { prefix: '/admin' });
  await app.register(agencyRoutes(reads, countryAgencies), { prefix: '/admin' });
  await app.register(campaignRoutes(reads), { prefix: '/admin' });
  await app.register(whitelistRoutes(database), { prefix: '/admin' });
  await app.register(eventTypeRoutes(database), { prefix: '/admin' });
  await app.register(gridRoutes(database), { prefix: '/admin' });
  await app.register(pendingPaymentTotalsRoutes(database), { prefix: '/admin' });
  await app.register(paymentRunDetailRoutes(database), { prefix: '/admin' });
  await app.register(statsRoutes(reads), { prefix: '/admin' });
  await app.register(auditRoutes(database), { prefix: '/admin' });
  const jobs = await startJobQueue(database, { databaseUrl: config.databaseUrl, workers: config.reportWorkers, log: app.log });
  app.addHook('onClose', () => jobs.stop());
  await app.register(paymentRunRoutes(db, signIn, config.approvalLimits, { above: config.paymentRunQueueAbove, send: jobs.send }), { prefix: '/admin' });
  await app.register(reportRoutes(database, jobs.send), { prefix: '/admin' });
  await app.register(paymentReportRoutes(database, jobs.send), { prefix: BACKEND_PREFIXES.service });
  await app.register(secureReportRoutes(db, signIn), { prefix: '/admin' });
  await app.register(securePageRoutes(db), { prefix: BACKEND_PREFIXES.service });
  await app.register(serviceAgencyRoutes(database), { prefix: BACKEND_PREFIXES.service });
  await app.register(serviceCampaignRoutes(database), { prefix: BACKEND_PREFIXES.service });
  await app.register(serviceCampaignPartRoutes(database), { prefix: BACKEND_PREFIXES.service });
  await app.register(serviceInviteRoutes(reads), { prefix: BACKEND_PREFIXES.service });
  const outbox = codeDelivery.outbox;
  if (config.demo && outbox) await app.register(outboxRoutes(outbox), { prefix: '/dev' });
  return app;
}
