// A report's file, fetched with the session's token (refreshed once on a 401 like every call); a
// refusal carries the server's error text. Files never wait in the outbox: a download needs the
// network now.
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { Backend } from '../ground/config';
import { toFailure, type ApiFailure } from '../http/failure';
import { callOutsideRtk, sendWithSession, type StoreAccess } from '../http/sessionRefresh';

/** A file a backend answered: its bytes, type and the name the server gave it. */
export interface FetchedFile { blob: Blob; filename: string; mime: string }

/** The file name of a Content-Disposition header ('attachment; filename="x.csv"'), else `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export async function fetchFile(
  backend: Backend,
  args: FetchArgs,
  store: StoreAccess,
  fallbackName: string,
): Promise<{ data: FetchedFile } | { error: ApiFailure }> {
  const api = callOutsideRtk(store, 'download', 'query');
  // A refusal is JSON (the error shape); an answer is the file's bytes.
  const responseHandler = async (response: Response) => (response.ok ? response.blob() : response.json().catch(() => response.statusText));
  const result = await sendWithSession(backend, { ...args, responseHandler }, api, {});
  if (result.error) return { error: toFailure(result.error) };
  const headers = result.meta?.response?.headers;
  const blob = result.data as Blob;
  return {
    data: { blob, filename: filenameOf(headers?.get('content-disposition') ?? null, fallbackName), mime: blob.type || 'application/octet-stream' },
  };
}

/** The legacy admin backend answers a queued report's download as JSON, {data, mime, filename}: the file is its `data`. */
export async function fileOfLegacyAnswer({ blob }: FetchedFile): Promise<FetchedFile> {
  const { data, mime, filename } = JSON.parse(await blob.text()) as { data: string; mime: string; filename: string };
  return { blob: new Blob([data], { type: mime }), filename, mime };
}
