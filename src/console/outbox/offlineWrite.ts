// How a mutation endpoint says it may wait in the outbox. An endpoint opts in with
// `extraOptions: offlineWrite({...})`; every other mutation (sign-in calls, uploads, payment runs)
// is sent now or fails, never queued. A queued save resolves with a QueuedWrite instead of the
// server's answer, which the screens treat as 'saved, pending'.
import type { TagDescription } from '@reduxjs/toolkit/query';
import type { ConflictField } from '../forms/editConflict';
import type { Backend } from '../ground/config';

/** The row a write touches: its entity and id. Writes to one row are sent one after another. */
export const rowKeyOf = (entity: string, id: unknown): string | undefined =>
  id === undefined || id === null || id === '' ? undefined : `${entity}:${String(id)}`;

/**
 * The functions below read the request's body; for a GET that writes (queuing a report) there is
 * none, and they read its query string's fields and its `path` (queueWrite.ts subjectOf).
 */
export interface OfflineWrite {
  /** The entity of the rows the endpoint writes ('EventType'); with the body's `id`, the row. */
  entity: string;
  /** The screen where the change can be edited again ('/event-types'), or how its body names it ('/campaigns/7'). */
  screen: string | ((body: never) => string);
  /** What a person reads in the outbox: 'Edit event type sim_activation'. */
  describe(body: never): string;
  /** The tags a replayed write invalidates (the endpoint's invalidatesTags). */
  invalidates: ReadonlyArray<TagDescription<string>>;
  /** False for a body that must not be kept on the device (a password). Default: every body. */
  queueable?(body: never): boolean;
  /** The fields an edit conflict compares, kept with each queued change for its review in the outbox. */
  conflict?: readonly ConflictField[];
}

export interface OfflineExtraOptions {
  offline?: OfflineWrite;
}

/** The extraOptions of a mutation whose writes may wait in the outbox. */
export function offlineWrite<Body>(write: {
  entity: string;
  screen: string | ((body: Body) => string);
  describe(body: Body): string;
  invalidates: ReadonlyArray<TagDescription<string>>;
  queueable?(body: Body): boolean;
  conflict?: readonly ConflictField[];
}): OfflineExtraOptions {
  return { offline: write as OfflineWrite };
}

/** A body that carries a password is never kept on the device, whatever the endpoint says. */
export const carriesPassword = (body: unknown): boolean =>
  Boolean(body && typeof body === 'object' && ['password', 'new_password'].some((field) => Boolean((body as Record<string, unknown>)[field])));

/** What a queued save resolves with: the change waits in the outbox under this key. */
export interface QueuedWrite {
  queued: true;
  key: string;
  description: string;
}

/** The result of a save that may have been queued. */
export type Saved<T> = T | QueuedWrite;

export const isQueuedWrite = (value: unknown): value is QueuedWrite =>
  Boolean(value && typeof value === 'object' && (value as { queued?: unknown }).queued === true);

/**
 * invalidatesTags for a save that may be queued: a queued save changed nothing on the server yet,
 * so it invalidates nothing (invalidating would drop the other cached pages that offline reading needs).
 */
export const unlessQueued =
  <Tags extends ReadonlyArray<TagDescription<string>>>(tags: Tags) =>
  (result: unknown): Tags | [] =>
    isQueuedWrite(result) ? [] : tags;

/** A fresh Idempotency-Key. crypto.randomUUID needs a secure context; getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A save endpoint whose writes may wait in the outbox: `build.mutation(offlineSave({...}))`. It
 * sends the body to `url`, a new row by POST and an edit by PUT (or always `method`), invalidates
 * `invalidates` once the server has it, and waits in the outbox as `entity` when offline.
 */
export function offlineSave<Body extends { id?: unknown }, Tags extends ReadonlyArray<TagDescription<string>>>(save: {
  backend: Backend;
  /** The address, or how the body gives it (`/service/campaigns/{id}/`). */
  url: string | ((body: Body) => string);
  /** Always this method; by default POST for a new row, PUT for an edit. */
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  entity: string;
  screen: string | ((body: Body) => string);
  describe(body: Body): string;
  invalidates: Tags;
  queueable?(body: Body): boolean;
  /** The fields an edit conflict compares (the dialog's and the outbox's conflict panel). */
  conflict?: readonly ConflictField[];
}) {
  const { backend, url, method, invalidates } = save;
  return {
    query: (body: Body) => ({
      backend,
      url: typeof url === 'string' ? url : url(body),
      method: method ?? (body.id ? 'PUT' : 'POST'),
      // A DELETE names its row in the address; its body (ignored by the server) lets the outbox describe it.
      body,
    }),
    invalidatesTags: unlessQueued(invalidates),
    extraOptions: offlineWrite<Body>(save),
  };
}
