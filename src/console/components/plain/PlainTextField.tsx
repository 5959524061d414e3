// A labelled text input with its field message below it, in plain HTML (plain.css): the login
// page's fields. Elsewhere, TextField is the same field in Blueprint's components.
import type { InputHTMLAttributes, ReactNode } from 'react';

interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  helper?: string;
  /** A small button inside the field's right end (Show/Hide). */
  rightElement?: ReactNode;
  onChange(value: string): void;
}

export function PlainTextField({ id, label, value, error, helper, rightElement, onChange, ...input }: PlainTextFieldProps) {
  const message = error ?? helper;
  return (
    <div className="plain-field">
      <label htmlFor={id}>{label}</label>
      <div className={rightElement ? 'plain-input-wrap' : undefined}>
        <input
          id={id}
          className="plain-input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(e) => onChange(e.target.value)}
          {...input}
        />
        {rightElement && <span className="plain-input-action">{rightElement}</span>}
      </div>
      {message && (
        <div id={`${id}-message`} className={error ? 'plain-helper plain-helper-error' : 'plain-helper'}>
          {message}
        </div>
      )}
    </div>
  );
}
