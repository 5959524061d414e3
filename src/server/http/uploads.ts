// Multipart uploads (issue 16): @fastify/multipart on the routes of the plugin that installs it, with
// the upload limits. A form is read into its text fields and its one file; the file is hashed
// (SHA-256) and counted as it arrives and kept in memory, at most UPLOAD_MAX_BYTES. One byte over
// answers 413 at once: the rest is read off the connection and dropped, never kept, so the client
// (still sending) gets the answer and the connection stays usable. Every malformed form is a 4xx at
// once, a form cut off before its closing boundary included.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { tooLong } from '../../contract/messages';
import { DomainError, Invalid, TooLarge, UnsupportedMedia } from '../domain/errors';
import type { ReadUploadForm, UploadedFile, UploadForm } from '../domain/uploadForm';

/** A form holds a few short fields (the legacy `agencies` JSON of 100 pairs is about 4 KB) and one file. */
export const UPLOAD_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: 20,
  headerPairs: 20,
} as const;

const tooLarge = () => new TooLarge(messages.fileTooLarge);
const notMultipart = () => new UnsupportedMedia('Send the file as multipart/form-data, with its fields beside it.');

/** Installs the multipart parser on the routes registered in `app` (an encapsulated plugin) and no others. */
export async function installUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  // An answer sent before the request was read to its end (a refusal, 413): the rest is read and
  // dropped. Left unread, the connection would stall with the client still sending.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.raw.complete) request.raw.unpipe().resume();
    return payload;
  });
}

/** The file's bytes, hashed and counted as they arrive; 413 the moment the limit is passed. */
async function readFile(stream: Readable & { truncated?: boolean }): Promise<Omit<UploadedFile, 'name'>> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    chunks.push(chunk);
    size += chunk.length;
  });
  const overLimit = new Promise<never>((_resolve, reject) => stream.once('limit', () => reject(tooLarge())));
  // finished(), not 'end' and 'error' listeners: a form cut off before its closing boundary while
  // beforeFile awaited the database has its file stream destroyed, with busboy's error, before we
  // listen, and a listener added then waits for ever (issue 31). finished() reads the state too.
  await Promise.race([finished(stream), overLimit]);
  if (stream.truncated) throw tooLarge();
  return { bytes: Buffer.concat(chunks, size), size, sha256: hash.digest('hex') };
}

/** @fastify/multipart's and busboy's refusals, in the API's words. */
function refusalOf(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': return tooLarge();
    case 'FST_FILES_LIMIT': return new Invalid('Send one file at a time.');
    case 'FST_FIELDS_LIMIT': case 'FST_PARTS_LIMIT': return new Invalid('The form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE': return notMultipart();
    case 'FST_PROTO_VIOLATION': case 'FST_INVALID_JSON_FIELD_ERROR': return new Invalid('The form has a field the upload does not take.');
    case 'FST_MP_PREMATURE_CLOSE': case 'ERR_STREAM_PREMATURE_CLOSE': return new Invalid(messages.uploadCutOff);
  }
  if (!(error instanceof Error) || 'code' in error) return error;
  // busboy's own: a form that ends before its closing boundary ('Unexpected end of multipart data',
  // 'Part terminated early ...'), no boundary, a malformed part header.
  if (/unexpected end|terminated early/i.test(error.message)) return new Invalid(messages.uploadCutOff);
  return new Invalid(`The upload is not a well-formed multipart form (${error.message}).`);
}

/** `work`, with what the form's parser or file stream throws read as a refusal. */
const asRefusal = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw refusalOf(error);
  });

/**
 * Reads a multipart form: its text fields (each once, within its length) and its one file.
 * `beforeFile` runs when the file starts, with the fields sent before it, so a refusal it throws
 * costs no upload.
 */
export async function readUploadForm(request: FastifyRequest, beforeFile?: Parameters<ReadUploadForm>[0]): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  const parts = request.parts();
  for (;;) {
    // Only what the form's parser and stream throw is read as a malformed form; a refusal of
    // beforeFile, or a database failure, goes out as it is.
    const next = await asRefusal(parts.next());
    if (next.done) return { fields, file };
    const part = next.value;
    if (part.type === 'field') {
      const name = part.fieldname;
      if (part.fieldnameTruncated || part.valueTruncated) throw new Invalid(tooLong(name, UPLOAD_LIMITS.fieldSize), { [name]: [tooLong(name, UPLOAD_LIMITS.fieldSize)] });
      if (Object.hasOwn(fields, name)) throw new Invalid(`Send ${name} once.`, { [name]: [`Send ${name} once.`] });
      // A field sent as application/json arrives parsed: kept as its text, as a plain field would be.
      fields[name] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      continue;
    }
    await beforeFile?.(fields, part.filename);
    file = { name: part.filename, ...(await asRefusal(readFile(part.file))) };
  }
}
