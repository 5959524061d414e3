// Form state checked by a contract schema: the same rule and message as the server's. A field's
// message shows once the user changed it (or a submit was tried); `valid` gates the button. Leaving
// a field untouched says nothing: a required message shown on blur moved the links under the
// pointer of someone going elsewhere (the login page's 'Forgot your password?'), and lost the click.
import { useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../contract/schemas';

/** The value at a dotted path of the form's values. */
const valueAt = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);

export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const initialValues = useRef(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitTried, setSubmitTried] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors: FieldErrors = result.success ? {} : fieldErrors(result.error);

  type Field = keyof z.input<S> & string;
  const set = <K extends Field>(field: K, value: z.input<S>[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }));
  /** A field left (its blur): its message shows from now on only if the user changed it ('urls.sw' reads a nested value). */
  const leave = (field: string) => {
    if (valueAt(values, field) !== valueAt(initialValues.current, field)) touch(field);
  };
  /** The first message of a field, once the user has been there. */
  const errorOf = (field: string): string | undefined => (touched[field] || submitTried ? errors[field]?.[0] : undefined);

  return {
    values,
    valid: result.success,
    /** The parsed values (trimmed, sanitised) when valid. */
    data: result.success ? (result.data as z.output<S>) : undefined,
    set,
    touch,
    leave,
    errorOf,
    /** The props of a TextField bound to a text field; `clean` rewrites what is typed (a key, a dialing code). */
    textField: (field: Field, clean: (typed: string) => string = (typed) => typed) => ({
      value: (values[field] ?? '') as string,
      error: errorOf(field),
      onChange: (typed: string) => set(field, clean(typed) as z.input<S>[Field]),
      onBlur: () => leave(field),
    }),
    submitTried: () => setSubmitTried(true),
  };
}
