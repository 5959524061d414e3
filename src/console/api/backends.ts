// One RTK Query slice per backend (SPEC.md section 7); features add endpoints with
// injectEndpoints, so this file never grows.
import { createApi } from '@reduxjs/toolkit/query/react';
import { backendBaseQuery } from './baseQuery';

/** The legacy admin backend (/admin/...). */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: backendBaseQuery('admin'),
  tagTypes: ['Country', 'CountrySms', 'AdminUser', 'Agency', 'Campaign', 'Whitelist', 'EventType'],
  endpoints: () => ({}),
});

/** The new user backend (api/v1/...). */
export const usersApi = createApi({
  reducerPath: 'usersApi',
  baseQuery: backendBaseQuery('users'),
  tagTypes: ['StatusType', 'Language'],
  endpoints: () => ({}),
});

/** The service backend (/service/...). */
export const serviceApi = createApi({
  reducerPath: 'serviceApi',
  baseQuery: backendBaseQuery('service'),
  tagTypes: [],
  endpoints: () => ({}),
});

export const backendApis = [adminApi, usersApi, serviceApi] as const;
