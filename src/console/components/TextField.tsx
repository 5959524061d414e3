// A labelled text input with its field message (the contract's words) below it.
import { FormGroup, InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';

interface TextFieldProps extends Omit<InputGroupProps, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  helper?: string;
  onChange(value: string): void;
}

export function TextField({ id, label, value, error, helper, onChange, ...input }: TextFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper} intent={error ? Intent.DANGER : Intent.NONE}>
      <InputGroup id={id} value={value} intent={error ? Intent.DANGER : Intent.NONE} onChange={(e) => onChange(e.target.value)} {...input} />
    </FormGroup>
  );
}
