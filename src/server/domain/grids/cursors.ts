// A grid's keyset cursors: the page, order, filter and anchor row a next or previous page starts
// from, sent to the client as opaque base64url text and refused as 400 when it does not parse.
import { z } from 'zod';
import * as messages from '../../../contract/messages';
import { Invalid } from '../errors';

const cursorShape = z.object({
  page: z.number().int().positive(),
  order: z.string(),
  filter: z.string(),
  /** Rows after the anchor (the next page) or before it (the previous one). */
  dir: z.enum(['after', 'before']),
  sort: z.string().nullable(),
  /** The anchor's currency, for an amount sorted within its currency (a money column's `currency`). */
  group: z.string().optional(),
  /** The anchor's joined record, for a column sorted by a walk of its records (ParentWalk). */
  parent: z.string().optional(),
  key: z.string(),
});
export type Cursor = z.infer<typeof cursorShape>;

export const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export const cursorInvalid = () => new Invalid(messages.gridCursorInvalid, { cursor: [messages.gridCursorInvalid] });

export function decodeCursor(text: string): Cursor {
  try {
    return cursorShape.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw cursorInvalid();
  }
}
