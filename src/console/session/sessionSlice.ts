// The signed-in session (persisted) and the login in progress (memory only: the password is
// never persisted, DESIGN.md 'Login flow').
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OtpMedium } from '../../contract/constants';
import type { SessionUser } from '../../contract/entities';

export interface SessionState {
  access: string | null;
  refresh: string | null;
  user: SessionUser | null;
  /** A REPORTS code was verified in this session (report items need it, SPEC.md section 2). */
  reportsVerified: boolean;
  /**
   * When the REPORTS code last sent stops working (its send's expires_at): until then a report
   * screen asks for that code and sends no other (section 2: once per session, until it expires).
   */
  reportsCodeExpiresAt?: string;
}

const noSession: SessionState = { access: null, refresh: null, user: null, reportsVerified: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: noSession,
  reducers: {
    sessionStarted: (_state, action: PayloadAction<{ access: string; refresh: string; user: SessionUser }>) => ({
      ...noSession,
      ...action.payload,
    }),
    tokensRefreshed: (state, action: PayloadAction<{ access: string; refresh: string }>) => {
      state.access = action.payload.access;
      state.refresh = action.payload.refresh;
    },
    reportsVerified: (state) => {
      state.reportsVerified = true;
      delete state.reportsCodeExpiresAt;
    },
    reportsCodeSent: (state, action: PayloadAction<string | undefined>) => {
      state.reportsCodeExpiresAt = action.payload;
    },
    sessionEnded: () => noSession,
  },
});

export interface SignInState {
  username: string;
  password: string;
  medium: OtpMedium;
  /** The code request's proof of the password check, sent back with the login (spares a second hash). */
  login_token?: string;
}

export const signInSlice = createSlice({
  name: 'signIn',
  initialState: null as SignInState | null,
  reducers: {
    loginStarted: (_state, action: PayloadAction<SignInState>) => action.payload,
    loginFinished: () => null,
  },
  extraReducers: (builder) => builder.addCase(sessionSlice.actions.sessionEnded, () => null),
});

export const { sessionStarted, tokensRefreshed, reportsVerified, reportsCodeSent, sessionEnded } = sessionSlice.actions;
export const { loginStarted, loginFinished } = signInSlice.actions;

type WithSession = { session: SessionState };
export const selectSession = (state: WithSession) => state.session;
export const selectUser = (state: WithSession) => state.session.user;
export const selectSignedIn = (state: WithSession) => state.session.user !== null && state.session.refresh !== null;
