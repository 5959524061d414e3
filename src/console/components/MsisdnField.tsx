// A Mobile Number field (issue 17): it holds digits only. Letters and other signs are refused as
// they are typed, the spaces, dashes, dots, brackets and '+' people write numbers with are dropped
// from what is pasted, and a paste holding letters is refused whole (the contract's typedMsisdn).
// Whatever is refused changes nothing, so a field left empty says nothing until the user typed in
// it (no 'required' before that). With the country's dialling code it shows a national number as
// it will be stored, the one way every list shows numbers.
import type { KeyboardEvent } from 'react';
import { storedMsisdn, isNationalMsisdn, typedMsisdn } from '../../contract/msisdn';
import { TextField } from './TextField';

interface MsisdnFieldProps {
  id: string;
  label?: string;
  value: string;
  error?: string;
  /** Said under the field when it has no error and no number to preview ('Optional'). */
  helper?: string;
  /** The dialling code a national number takes, when known: the field then previews it stored. */
  dialingCode?: string;
  autoFocus?: boolean;
  placeholder?: string;
  onChange(value: string): void;
  onBlur?(): void;
}

/** A key that types one character other than a digit (shortcuts such as Ctrl+V pass). */
const typesNonDigit = (event: KeyboardEvent<HTMLInputElement>) =>
  event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;

export function MsisdnField({ label = 'Mobile Number', value, dialingCode, helper, onChange, ...field }: MsisdnFieldProps) {
  const preview = dialingCode && isNationalMsisdn(value) ? `Will be saved as ${storedMsisdn(value, dialingCode)}` : undefined;
  return (
    <TextField
      {...field}
      label={label}
      value={value}
      helper={preview ?? helper}
      inputMode="numeric"
      autoComplete="off"
      onKeyDown={(event) => {
        if (typesNonDigit(event)) event.preventDefault();
      }}
      onChange={(typed) => {
        const kept = typedMsisdn(typed);
        if (kept !== null && kept !== value) onChange(kept);
      }}
    />
  );
}
