// The console's one toaster (Blueprint). Errors stay 6 seconds (SPEC.md section 9). The toaster and
// the UI kit's stylesheet load with the first toast: the login page paints without them.
import type { Toaster } from '@blueprintjs/core';
import { ERROR_TOAST_MS } from '../../contract/constants';

let toaster: Promise<Toaster> | undefined;
const theToaster = () => (toaster ??= import('./blueprintToaster').then(({ createToaster }) => createToaster()));

export function showError(message: string): void {
  void theToaster().then((t) => t.show({ message, intent: 'danger', timeout: ERROR_TOAST_MS }));
}

export function showSuccess(message: string, timeout = 3_000): void {
  void theToaster().then((t) => t.show({ message, intent: 'success', timeout }));
}

/** An outcome that did not do what was asked, though nothing failed ('Payment Run was Empty'). */
export function showWarning(message: string, timeout = 5_000): void {
  void theToaster().then((t) => t.show({ message, intent: 'warning', timeout }));
}

/** News that is neither success nor failure: a change kept to be sent later. Resolves to its key. */
export function showNotice(message: string, timeout = 5_000): Promise<string> {
  return theToaster().then((t) => t.show({ message, intent: 'primary', timeout }));
}

/** Takes every toast away: the sign-in's news ('OTP sent') is over once the shell opens. */
export function dismissAllToasts(): void {
  if (toaster) void toaster.then((t) => t.clear());
}

/** Takes a toast away before its time (news overtaken by the next). */
export function dismissToast(key: Promise<string>): void {
  void Promise.all([theToaster(), key]).then(([t, k]) => t.dismiss(k));
}
