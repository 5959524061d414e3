// The state of a form whose values a check judges: what was typed, which fields the user has been
// to, and each field's message. A field's message shows once the user changed it (or a submit was
// tried); `valid` gates the button. Leaving a field untouched says nothing: a required message shown
// on blur moved the links under the pointer of someone going elsewhere (the login page's 'Forgot
// your password?'), and lost the click. No zod here: the login page holds this before its schema
// has loaded (useLazySchemaForm.ts); useSchemaForm.ts checks with a contract schema at once.
import { useMemo, useState } from 'react';
import type { FieldErrors } from '../../contract/schemas/fieldErrors';

/** What a check says of the values: the parsed data when valid, else each field's messages. */
export type CheckResult<D> = { valid: true; data: D; errors: FieldErrors } | { valid: false; data: undefined; errors: FieldErrors };
export type Check<V, D> = (values: V) => CheckResult<D>;

/** The value at a dotted path of the form's values. */
const valueAt = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);

const NOT_CHECKED = { valid: false, data: undefined, errors: {} } as const;

/** A form's state; while `check` is undefined (still loading) nothing is valid and nothing is said. */
export function useFormState<V extends object, D>(check: Check<V, D> | undefined, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [initialValues, setInitialValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitTried, setSubmitTried] = useState(false);

  const result: CheckResult<D> = useMemo(() => (check ? check(values) : NOT_CHECKED), [check, values]);

  type Field = keyof V & string;
  const set = <K extends Field>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }));
  /** A field left (its blur): its message shows from now on only if the user changed it ('urls.sw' reads a nested value). */
  const leave = (field: string) => {
    if (valueAt(values, field) !== valueAt(initialValues, field)) touch(field);
  };
  /** The first message of a field, once the user has been there. */
  const errorOf = (field: string): string | undefined => (touched[field] || submitTried ? result.errors[field]?.[0] : undefined);

  return {
    values,
    valid: result.valid,
    /** The parsed values (trimmed, sanitised) when valid. */
    data: result.data,
    set,
    touch,
    leave,
    errorOf,
    /** What Save waits for that no field says yet: the first message of each field not showing its own. */
    waitingFor: [...new Set(Object.entries(result.errors).flatMap(([field, messages]) => (errorOf(field) === undefined ? messages.slice(0, 1) : [])))],
    /** The props of a TextField bound to a text field; `clean` rewrites what is typed (a key, a dialing code). */
    textField: (field: Field, clean: (typed: string) => string = (typed) => typed) => ({
      value: (values[field] ?? '') as string,
      error: errorOf(field),
      onChange: (typed: string) => set(field, clean(typed) as V[Field]),
      onBlur: () => leave(field),
    }),
    submitTried: () => setSubmitTried(true),
    /** True while every value is still the one the form started from (asked, not worked out at every keystroke). */
    isPristine: () => JSON.stringify(values) === JSON.stringify(initialValues),
    /** Starts the form again from these values, as if it had just opened with them. */
    reset: (next: V) => {
      setInitialValues(next);
      setValues(next);
      setTouched({});
      setSubmitTried(false);
    },
  };
}
