// The remembered login email (SPEC.md section 9), kept in local storage. Storage may be blocked
// (private modes, policies): then nothing is remembered, and nothing breaks.
import { REMEMBERED_EMAIL_KEY } from '../../contract/constants';

export function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string): void {
  try {
    localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  } catch {
    // not remembered: the user types it next time
  }
}
