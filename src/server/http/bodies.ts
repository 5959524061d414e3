// The legacy admin backend adds with POST and updates with PUT the record its body names by id.
import { z } from 'zod';
import * as messages from '../../contract/messages';

const isRecord = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null && !Array.isArray(body);

/** A POST body adds a record: an id sent along is ignored, so it cannot turn the add into an edit. */
export const forCreate = <S extends z.ZodType>(form: S) =>
  z.preprocess((body) => (isRecord(body) ? { ...body, id: undefined } : body), form);

/** A PUT body names the record it updates. */
export const forUpdate = <S extends z.ZodType<{ id?: number }>>(form: S) =>
  form.refine((body) => body.id !== undefined, { path: ['id'], error: messages.idRequired }) as unknown as z.ZodType<
    z.output<S> & { id: number },
    z.input<S>
  >;
