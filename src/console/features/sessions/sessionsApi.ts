// GET api/v1/sessions/, DELETE api/v1/sessions/{session}/, POST api/v1/sessions/end-others/ (ours,
// issue 31). Sign-outs never wait in the outbox: a device to sign out is signed out now or not at all.
import type { Page } from '../../../contract/api';
import { SERVICE_PAGE_SIZE_MAX } from '../../../contract/constants';
import type { SessionsEnded, SignedInDevice } from '../../../contract/sessions';
import { api } from '../../backends/api';

const deviceTags = [{ type: 'SignedInDevice', id: 'LIST' }] as const;

export const sessionsApi = api.enhanceEndpoints({ addTagTypes: ['SignedInDevice'] }).injectEndpoints({
  endpoints: (build) => ({
    // One page of the largest size: an admin is signed in on a few devices, not on a hundred.
    signedInDevices: build.query<Page<SignedInDevice>, void>({
      query: () => ({ backend: 'users', url: `api/v1/sessions/?page_size=${SERVICE_PAGE_SIZE_MAX}` }),
      providesTags: deviceTags,
    }),
    signOutDevice: build.mutation<SessionsEnded, string>({
      query: (session) => ({ backend: 'users', url: `api/v1/sessions/${encodeURIComponent(session)}/`, method: 'DELETE' }),
      invalidatesTags: deviceTags,
    }),
    signOutOtherDevices: build.mutation<SessionsEnded, void>({
      query: () => ({ backend: 'users', url: 'api/v1/sessions/end-others/', method: 'POST', body: {} }),
      invalidatesTags: deviceTags,
    }),
  }),
});

export const { useSignedInDevicesQuery, useSignOutDeviceMutation, useSignOutOtherDevicesMutation } = sessionsApi;

/** This device first, then the others as the server orders them (most recently used first). */
export const thisDeviceFirst = (devices: readonly SignedInDevice[]): SignedInDevice[] =>
  [...devices].sort((a, b) => Number(b.current) - Number(a.current));

/** A time as the reader's own clock shows it: '27 Nov 2026, 14:05'. */
export const deviceTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
