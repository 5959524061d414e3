// Requests refused whole, before any route runs:
// - a NUL character in any text: PostgreSQL stores none, in text or JSON, so it would fail deep in
//   a query as a 500;
// - JSON nested deeper than MAX_JSON_DEPTH: every form is two levels deep, and code that walks a
//   value (this guard, the Idempotency-Key fingerprint) must never run out of stack on one.
// The walk is a loop over an explicit stack, so a value nested 20,000 levels deep costs no recursion.
import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { Invalid } from '../domain/errors';

const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

export type Refusal = { kind: 'nul'; path: string } | { kind: 'too-deep' };

interface Visit { value: unknown; depth: number; key?: string; parent?: Visit }

/** 'urls.en': the keys from the top down to a visited value. */
function pathOf(visit: Visit, key?: string): string {
  const keys = key === undefined ? [] : [key];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.join('.') || '_';
}

/** What is wrong with a request value, if anything: the first NUL character, or nesting too deep. */
export function refusalOf(value: unknown, maxDepth = MAX_JSON_DEPTH): Refusal | undefined {
  const pending: Visit[] = [{ value, depth: 0 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path: pathOf(visit) };
    } else if (current && typeof current === 'object') {
      if (visit.depth >= maxDepth) return { kind: 'too-deep' };
      // Pushed in reverse, so the first field is looked at first.
      for (const [key, inner] of Object.entries(current).reverse()) {
        if (key.includes('\u0000')) return { kind: 'nul', path: pathOf(visit, key) };
        pending.push({ value: inner, depth: visit.depth + 1, key, parent: visit });
      }
    }
  }
  return undefined;
}

export function installRequestGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const refusal = refusalOf(request.body) ?? refusalOf(request.query);
    if (refusal?.kind === 'too-deep') throw new Invalid(messages.jsonTooDeep);
    if (refusal?.kind === 'nul') throw new Invalid(NUL_MESSAGE, { [refusal.path]: [NUL_MESSAGE] });
  });
}
