// A contract schema as a form's check: the same rule and message as the server's.
import type { z } from 'zod';
import { fieldErrors } from '../../contract/schemas/fieldErrors';
import type { Check } from './formState';

export type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

export function schemaCheck<S extends FormSchema>(schema: S): Check<z.input<S>, z.output<S>> {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? { valid: true, data: result.data, errors: {} } : { valid: false, data: undefined, errors: fieldErrors(result.error) };
  };
}
