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
import { apiError } from '../../contract/api';
import { BACKEND_PREFIXES } from '../../contract/constants';
import { ERROR_CODES } from '../../contract/errors';
import { fieldErrors, joinFieldErrors } from '../../contract/schemas';
import { badRequest } from './errors';
import './routeConfig';

/** A request part that fails its schema answers 400 with the lines of each field. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  // reportInput: a value of the wrong type gets a line that names what the field takes.
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (result.success) return { value: result.data };
  const errors = fieldErrors(result.error);
  return { error: badRequest(joinFieldErrors(errors), errors) };
};

const BACKEND_NAMES = {
  admin: 'Legacy admin backend',
  users: 'New user backend',
  service: 'Service backend',
} as const;

/** The backend a path belongs to, as the document's tag. */
function backendOf(url: string): string {
  for (const [backend, prefix] of Object.entries(BACKEND_PREFIXES)) {
    if (url === prefix || url.startsWith(`${prefix}/`)) return BACKEND_NAMES[backend as keyof typeof BACKEND_NAMES];
  }
  return 'Server';
}

const hasAnswer = (response: unknown): boolean =>
  typeof response === 'object' && response !== null && Object.keys(response).some((status) => /^2(\d\d|xx)$/.test(status));

/** The route's schema completed: its backend's tag, its sign-in requirement, the error answers. */
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
    response: { '4xx': apiError, '5xx': apiError, ...(route.schema?.response as object) },
  };
}

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

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
      },
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
