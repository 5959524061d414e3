// Why the session just ended, for the login page to say once (issue 34): a sign-out the user did not
// ask for, such as an address that does not exist, must not feel like a crash. Kept in the tab's
// sessionStorage, since the session's own state is cleared with it.
import * as messages from '../../contract/messages';

const KEY = 'console:signedOutBecause';

const REASONS = { 'unknown-path': messages.signedOutUnknownPath } as const;
export type SignedOutReason = keyof typeof REASONS;

export function signedOutBecause(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage refused (private mode, full): the login page simply says nothing.
  }
}

/** The words of why the last session ended, once: reading it forgets it. */
export function takeSignedOutReason(): string | undefined {
  try {
    const reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return reason !== null && reason in REASONS ? REASONS[reason as SignedOutReason] : undefined;
  } catch {
    return undefined;
  }
}
