// The 4-digit code field: e, E, +, -, . and , are refused as they are typed or pasted (SPEC.md
// section 5); the schema decides whether the value is a code.
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { OTP_BLOCKED_KEYS, OTP_LENGTH } from '../../contract/constants';

const blocked = new Set<string>(OTP_BLOCKED_KEYS);
const withoutBlocked = (value: string) => [...value].filter((c) => !blocked.has(c)).join('');

export function OtpInput(props: { value: string; onChange(value: string): void; error?: string; autoFocus?: boolean; label?: string }) {
  return (
    <FormGroup
      label={props.label ?? 'One-time code'}
      labelFor="otp"
      helperText={props.error}
      intent={props.error ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id="otp"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        autoFocus={props.autoFocus}
        value={props.value}
        intent={props.error ? Intent.DANGER : Intent.NONE}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (blocked.has(event.key)) event.preventDefault();
        }}
        onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
          const pasted = event.clipboardData.getData('text');
          if (pasted === withoutBlocked(pasted)) return;
          // Insert the cleaned text where the paste goes, keeping what was typed around it.
          event.preventDefault();
          const { value, selectionStart, selectionEnd } = event.currentTarget;
          const start = selectionStart ?? value.length;
          const end = selectionEnd ?? value.length;
          props.onChange((value.slice(0, start) + withoutBlocked(pasted) + value.slice(end)).slice(0, OTP_LENGTH));
        }}
        onChange={(event) => props.onChange(withoutBlocked(event.target.value))}
      />
    </FormGroup>
  );
}
