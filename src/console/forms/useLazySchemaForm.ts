// Form state checked by a contract schema that loads when the user first starts on the form: the
// login page paints without zod (about 28 KB on the wire), and fetches it with the first key or tap,
// long before the form could be sent. Until then nothing is valid and nothing is said.
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { useFormState, type Check } from './formState';
import type { FormSchema } from './schemaCheck';

export function useLazySchemaForm<S extends FormSchema>(loadSchema: () => Promise<S>, initial: z.input<S>) {
  const [check, setCheck] = useState<Check<z.input<S>, z.output<S>>>();
  const loading = useRef(false);
  const form = useFormState(check, initial);
  /** Starts loading the check (once); bind it to the form's first key, tap or input. */
  const wake = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void Promise.all([import('./schemaCheck'), loadSchema()]).then(
      ([{ schemaCheck }, schema]) => setCheck(() => schemaCheck(schema)),
      () => {
        loading.current = false; // offline before it came: the next key tries again
      },
    );
  }, [loadSchema]);
  return { ...form, wake };
}
