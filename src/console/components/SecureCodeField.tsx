// The field of a secure code (SECURE_PAGES: a secure report's download, a payment run's approval):
// its 4 characters as the email gives them, letters not capitalised or corrected by the keyboard.
import { SECURE_OTP_LENGTH } from '../../contract/constants';
import { TextField } from './TextField';

export function SecureCodeField(props: { id: string; value: string; error?: string; onChange(value: string): void }) {
  return (
    <TextField
      {...props}
      label="OTP"
      maxLength={SECURE_OTP_LENGTH}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      autoFocus
    />
  );
}
