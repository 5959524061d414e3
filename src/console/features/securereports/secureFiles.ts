// A secure report's file, in and out (SPEC.md sections 4 and 7), outside RTK Query: nothing here is
// cached, persisted or queued in the outbox, and a failure is shown by the popup that asked, not by
// the error toast. Every call carries the session's token, with one refresh and a retry on a 401.
// - POST /admin/send_secure_otp {report_id}: a code for one report, sent to the admin's email.
// - POST /admin/download_secure {id, otp}: the file's bytes, named by Content-Disposition.
// - POST /service/payments-secure-page/ (multipart agency_id, campaign_id, created_by_id, file) with
//   XMLHttpRequest, as fetch reports no upload progress.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SecureDownloadRequest, SecureOtpSent } from '../../../contract/api';
import type { SecureReportRow } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { backendUrls } from '../../ground/config';
import { fetchFile, type FetchedFile } from '../../downloads/fetchFile';
import { serverAnswered, serverUnreachable } from '../../http/connectivity';
import { offlineFailure, settle, toFailure, type ApiFailure } from '../../http/failure';
import { callOutsideRtk, renewAfter401, sendWithSession, type StoreAccess } from '../../http/sessionRefresh';
import type { SessionState } from '../../session/sessionSlice';

type Outcome<T> = { data: T } | { error: ApiFailure };

export async function requestSecureCode(store: StoreAccess, reportId: number): Promise<Outcome<SecureOtpSent>> {
  const api = callOutsideRtk(store, 'sendSecureOtp', 'mutation');
  const result = settle(await sendWithSession('admin', { url: 'admin/send_secure_otp', method: 'POST', body: { report_id: reportId } }, api, {}));
  return result.error ? { error: result.error } : { data: result.data as SecureOtpSent };
}

export const downloadSecureReport = (store: StoreAccess, request: SecureDownloadRequest, fallbackName: string): Promise<Outcome<FetchedFile>> =>
  fetchFile('admin', { url: 'admin/download_secure', method: 'POST', body: request }, store, fallbackName);

export interface SecureUpload {
  agency_id: number;
  campaign_id: number;
  file: File;
}

/** What the upload came back with: the report, and whether it is new (201) or the same file uploaded before (200). */
export type UploadOutcome = Outcome<{ report: SecureReportRow; created: boolean }>;

export const SECURE_UPLOAD_PATH = 'service/payments-secure-page/';

type Answer = { status: number; text: string } | 'unreachable' | 'aborted';

function post(body: FormData, access: string | null, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${backendUrls().service}/${SECURE_UPLOAD_PATH}`);
    if (access) request.setRequestHeader('authorization', `Bearer ${access}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => resolve('unreachable');
    request.onabort = () => resolve('aborted');
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/** The answer's JSON; undefined when it is none (a proxy's own page). */
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Uploads a secure report, reporting the share of its bytes sent. Resolves undefined when aborted. */
export async function uploadSecureReport(
  store: StoreAccess,
  upload: SecureUpload,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadOutcome | undefined> {
  const session = () => (store.getState() as { session: SessionState }).session;
  const send = () => {
    // The fields go before the file: a streaming multipart reader knows them when the file arrives.
    const body = new FormData();
    body.append('agency_id', String(upload.agency_id));
    body.append('campaign_id', String(upload.campaign_id));
    body.append('created_by_id', String(session().user?.id ?? ''));
    body.append('file', upload.file, upload.file.name);
    onProgress(0);
    return post(body, session().access, onProgress, signal);
  };

  const tokenSent = session().access;
  let answer = await send();
  if (answer !== 'unreachable' && answer !== 'aborted' && answer.status === 401 && tokenSent) {
    const renewal = await renewAfter401(callOutsideRtk(store, 'uploadSecureReport', 'mutation'), tokenSent);
    if (renewal === 'renewed') answer = await send();
    else if (renewal === 'unreachable') answer = 'unreachable';
  }
  if (answer === 'aborted') return undefined;
  if (answer === 'unreachable') {
    store.dispatch(serverUnreachable());
    return { error: offlineFailure() };
  }
  const ok = answer.status >= 200 && answer.status < 300;
  store.dispatch(serverAnswered({ ok, at: Date.now() }));
  const body = parsed(answer.text);
  if (!ok) {
    const failure = toFailure({ status: answer.status, data: body } as FetchBaseQueryError);
    // A proxy's 413 page says nothing a person can use: the limit is the one the form checks.
    return { error: body === undefined && answer.status === 413 ? { ...failure, text: messages.fileTooLarge } : failure };
  }
  return { data: { report: body as SecureReportRow, created: answer.status === 201 } };
}
