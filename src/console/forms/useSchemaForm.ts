// Form state checked by a contract schema (formState.ts says how its messages show).
import { useMemo } from 'react';
import type { z } from 'zod';
import { useFormState } from './formState';
import { schemaCheck, type FormSchema } from './schemaCheck';

export function useSchemaForm<S extends FormSchema>(schema: S, initial: z.input<S>) {
  return useFormState(useMemo(() => schemaCheck(schema), [schema]), initial);
}
