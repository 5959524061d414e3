// What a failed call rejects with (SPEC.md section 8): its status, the text to show a person (the
// server's error field, else its data, else the error's own message; field lines joined) and, when
// the server named one, the error's code (contract/errors.ts). Screens and the outbox branch on the
// code, never on the text: the text is for people and may change.
import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { apiErrorText, ERROR_CODE_LIST, type ErrorCode } from '../../contract/errors';
import type { FieldErrors } from '../../contract/schemas/fieldErrors';

export interface ApiFailure {
  status: number | 'OFFLINE' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  text: string;
  /** The server's code for what went wrong; absent when no answer named one (no network). */
  code?: ErrorCode;
  errors?: FieldErrors;
  /** A 409 edit conflict: the row as the server has it now. */
  current?: unknown;
  /** The call's screen says this failure itself (its endpoint declares SHOWS_OWN_FAILURE): no error toast. */
  shownByScreen?: true;
}

export const OFFLINE_TEXT = 'The server cannot be reached. Check the connection and try again.';

export const offlineFailure = (): ApiFailure => ({ status: 'OFFLINE', text: OFFLINE_TEXT });

/** A code the contract lists; anything else (an older server, a proxy's page) is no code. */
const knownCode = (code: unknown): ErrorCode | undefined =>
  (ERROR_CODE_LIST as readonly unknown[]).includes(code) ? (code as ErrorCode) : undefined;

export function toFailure(error: FetchBaseQueryError): ApiFailure {
  if (error.status === 'FETCH_ERROR') return offlineFailure();
  if (error.status === 'PARSING_ERROR') return { status: 'PARSING_ERROR', text: apiErrorText(error.data, error.error) };
  if (error.status === 'TIMEOUT_ERROR' || error.status === 'CUSTOM_ERROR') return { status: error.status, text: apiErrorText(undefined, error.error) };
  const data = error.data as { code?: unknown; errors?: FieldErrors; current?: unknown } | undefined;
  const code = knownCode(data?.code);
  return {
    status: error.status,
    text: apiErrorText(error.data),
    ...(code ? { code } : {}),
    ...(data?.errors ? { errors: data.errors } : {}),
    ...(data?.current !== undefined ? { current: data.current } : {}),
  };
}

/** The code of a call's failure, if it failed with one: `codeOf(result.error) === 'otp_wrong'`. */
export const codeOf = (error: unknown): ErrorCode | undefined =>
  error && typeof error === 'object' ? knownCode((error as { code?: unknown }).code) : undefined;

export type RawResult = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

/** A request's result as RTK Query hands it to the screens: a failure as an ApiFailure. */
export const settle = (result: RawResult): QueryReturnValue<unknown, ApiFailure, FetchBaseQueryMeta> =>
  result.error ? { error: toFailure(result.error), meta: result.meta } : { data: result.data, meta: result.meta };
