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

  return {
    values,
    valid: result.success,
    /** The parsed values (trimmed, sanitised) when valid. */
    data: result.success ? (result.data as z.output<S>) : undefined,
    set<K extends keyof z.input<S> & string>(field: K, value: z.input<S>[K]) {
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => ({ ...current, [field]: true }));
    },
    touch: (field: string) => setTouched((current) => ({ ...current, [field]: true })),
    /** The first message of a field, once the user has been there. */
    errorOf: (field: string): string | undefined => (touched[field] || submitTried ? errors[field]?.[0] : undefined),
    submitTried: () => setSubmitTried(true),
  };
}
