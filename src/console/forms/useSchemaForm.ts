// Form state checked by a contract schema: the same rule and message as the server's. A field's
// message shows once the field was touched (or a submit was tried); `valid` gates the button.
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../contract/schemas';

export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
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
  /** The first message of a field, once the user has been there. */
  const errorOf = (field: string): string | undefined => (touched[field] || submitTried ? errors[field]?.[0] : undefined);

  return {
    values,
    valid: result.success,
    /** The parsed values (trimmed, sanitised) when valid. */
    data: result.success ? (result.data as z.output<S>) : undefined,
    set,
    touch,
    errorOf,
    /** The props of a TextField bound to a text field; `clean` rewrites what is typed (a key, a dialing code). */
    textField: (field: Field, clean: (typed: string) => string = (typed) => typed) => ({
      value: (values[field] ?? '') as string,
      error: errorOf(field),
      onChange: (typed: string) => set(field, clean(typed) as z.input<S>[Field]),
      onBlur: () => touch(field),
    }),
    submitTried: () => setSubmitTried(true),
  };
}
