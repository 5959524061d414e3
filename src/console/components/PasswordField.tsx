// A new password with a Generate Password button (SPEC.md section 5: 9 random characters). A
// generated password is shown in clear, with `generatedNote`, so it can be passed on or kept.
import { Button } from '@blueprintjs/core';
import { Key } from '@blueprintjs/icons';
import { useState } from 'react';
import { generatePassword } from '../../contract/passwords';
import { TextField } from './TextField';

interface PasswordFieldProps {
  id: string;
  value: string;
  error?: string;
  /** Shown below the field until a password is generated. */
  helper?: string;
  /** Shown below a generated password: what to do with it now. */
  generatedNote: string;
  onChange(value: string): void;
  onBlur?(): void;
}

export function PasswordField({ id, value, error, helper, generatedNote, onChange, onBlur }: PasswordFieldProps) {
  const [generated, setGenerated] = useState(false);
  return (
    <TextField
      id={id}
      label="Password"
      type={generated ? 'text' : 'password'}
      autoComplete="new-password"
      value={value}
      error={error}
      helper={generated ? generatedNote : helper}
      onChange={(typed) => {
        setGenerated(false);
        onChange(typed);
      }}
      onBlur={onBlur}
      rightElement={
        <Button
          variant="minimal"
          icon={<Key />}
          onClick={() => {
            onChange(generatePassword());
            setGenerated(true);
          }}
        >
          Generate Password
        </Button>
      }
    />
  );
}
