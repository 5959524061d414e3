// Every route of the three backends declares the contract's zod schemas for its body, query,
// params and answer (fastify-type-provider-zod). Requests are validated with them (a failure is the
// usual 400 with field lines), answers are serialised through them (a field the schema does not
// name never leaves the server), and @fastify/swagger draws the OpenAPI 3 document from them
// (/docs/json; a browsable page at /docs in demo mode). A route without an answer schema stops the
// server at start-up, so none can be forgotten.
import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { PROJECT_FILES } from '../projectFiles';
import { apiError } from '../../contract/api';
import { BACKEND_PREFIXES } from '../../contract/constants';
import { ERROR_CODES } from '../../contract/errors';
import { fieldErrors, joinFieldErrors } from '../../contract/schemas/fieldErrors';
import { Invalid, NotFound } from '../domain/errors';
import { SECURE_PAGE_ACCESS } from './routeConfig';
import { requiresSuperAdmin } from '../../contract/roles';

/**
 * A request part that fails its schema answers 400 with the lines of each field. A record's address
 * past the largest id a row can have (MAX_ID) names no row: 404, as a missing one. The address is a
 * path's id, or the `id` of a legacy edit form (PUT /admin/register, /admin/whitelist...).
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => (data) => {
  // reportInput: a value of the wrong type gets a line that names what the field takes.
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (result.success) return { value: result.data };
  const pastLargest = (issue: z.core.$ZodIssue) => issue.code === 'too_big' && (httpPart === 'params' || (httpPart === 'body' && issue.path.join('.') === 'id'));
  if (result.error.issues.every(pastLargest)) return { error: new NotFound() };
  const errors = fieldErrors(result.error);
  return { error: new Invalid(joinFieldErrors(errors), errors) };
};

const BACKEND_NAMES = {
  admin: 'Legacy admin backend',
  users: 'New user backend',
  service: 'Service backend',
} as const;
const SERVER_TAG = 'Server';

/** The document's tags: each operation has its backend's, so a generated client has one module per backend. */
const TAGS = [
  { name: BACKEND_NAMES.admin, description: `${BACKEND_PREFIXES.admin}: countries, admin users, agencies and campaigns to choose, whitelists, event types, the report grids, queued and secure reports.` },
  { name: BACKEND_NAMES.users, description: `${BACKEND_PREFIXES.users}: sign-in and one-time codes, signed-in devices, status types and languages, agents with their users, roles and campaigns.` },
  { name: BACKEND_NAMES.service, description: `${BACKEND_PREFIXES.service}: agencies, campaigns and their versions, languages and compensations, generated payment reports, the secure page, invites.` },
  { name: SERVER_TAG, description: 'The server itself: its health check and, in demo mode, the outbox of the codes it sent.' },
];

/** The backend a path belongs to, as the document's tag. */
function backendOf(url: string): string {
  for (const [backend, prefix] of Object.entries(BACKEND_PREFIXES)) {
    if (url === prefix || url.startsWith(`${prefix}/`)) return BACKEND_NAMES[backend as keyof typeof BACKEND_NAMES];
  }
  return SERVER_TAG;
}

const hasAnswer = (response: unknown): boolean =>
  typeof response === 'object' && response !== null && Object.keys(response).some((status) => /^2(\d\d|xx)$/.test(status));

/**
 * Who may call a route and how a client may retry it, in words, from what the route declares
 * (routeConfig.ts): the operation's description, after the route's own where it has one.
 */
function accessOf(config: RouteOptions['config']): string {
  const who = config?.public
    ? config.actsAsCaller ? 'Public; with a bearer token it acts as that admin (a stale token answers 401).' : 'Public: no session needed.'
    : config?.requires
      ? config.requires === SECURE_PAGE_ACCESS
        ? 'Secure Page access only (a Super Admin, or an admin whose `secure_page` flag is set): anyone else answers 403 `forbidden` before the body is read.'
        : requiresSuperAdmin(config.requires)
          ? `${config.requires} only: anyone else answers 403 \`super_admin_only\` before the body is read.`
          : 'A Super Admin, or a Campaign Admin for their own campaigns: anyone else answers 403 `forbidden` before the body is read.'
      : 'Needs a session (`Authorization: Bearer <access>`), 401 without.';
  const retry = config?.replayable === false
    ? ' Never replayed for an Idempotency-Key.'
    : config?.writes ? ' It queues work, so it takes an Idempotency-Key like a write.' : '';
  return who + retry;
}

/** The route's schema completed: its backend's tag, its sign-in requirement, its access in words, the error answers. */
function documented(route: RouteOptions): void {
  if (route.config?.consoleFile || route.schema?.hide) return;
  const url = route.url;
  if (!hasAnswer(route.schema?.response)) {
    throw new Error(`${String(route.method)} ${url} has no answer schema: every route declares its answers (http/schemas.ts).`);
  }
  route.schema = {
    tags: [backendOf(url)],
    ...(route.config?.public ? {} : { security: [{ bearer: [] }] }),
    ...route.schema,
    description: [route.schema?.description, accessOf(route.config)].filter(Boolean).join('\n\n'),
    response: { '4xx': apiError, '5xx': apiError, ...(route.schema?.response as object) },
  };
}

const { version } = JSON.parse(readFileSync(PROJECT_FILES.packageJson, 'utf8')) as { version: string };

export async function installSchemas(app: FastifyInstance, options: { browsable: boolean }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', documented);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Referral campaign admin console: reference server',
        version,
        description: [
          'The three backends of SPEC.md section 7 on one origin. Every error answers `{error, code}`; the codes:',
          '',
          ...Object.entries(ERROR_CODES).map(([code, meaning]) => `- \`${code}\`: ${meaning}`),
        ].join('\n'),
        // The project publishes no address or email of its own: a name is what there is to give.
        contact: { name: 'The referral campaign admin console maintainers' },
      },
      // Relative: the document describes whichever server answers it, each path with its backend's prefix.
      servers: [{ url: '/', description: 'The server this document came from' }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The document's own routes are public and hidden from the document (@fastify/swagger-ui hides
  // its own), so they need no answer schema.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    if (options.browsable) await docs.register(swaggerUi, { routePrefix: '/docs' });
    else docs.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
  });
}
