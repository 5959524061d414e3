// PostgreSQL stores no NUL character, in text or in JSON: a request that carries one would fail
// deep in a query as a 500. Every body and query is checked once here, before anything runs.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** The path of the first string holding a NUL character, if any. */
export function findNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : undefined;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key].join('.');
      const found = findNul(inner, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body) ?? findNul(request.query);
    if (field !== undefined) throw badRequest(NUL_MESSAGE, { [field]: [NUL_MESSAGE] });
  });
}
