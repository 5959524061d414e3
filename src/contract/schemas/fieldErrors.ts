// A zod failure as the API's field lines (SPEC.md section 7: every error names its field).
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

const EXPECTED: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object',
};
const kindOf = (value: unknown): string =>
  Array.isArray(value) ? 'a list' : typeof value === 'string' ? 'text' : typeof value === 'boolean' ? 'true or false' : `a ${typeof value}`;

/**
 * A value of the wrong type that was sent (parsed with `reportInput`): the line names the field and
 * what it takes, never 'is required' (an absent or null value keeps the field's own message).
 */
function wrongTypeLine(issue: z.core.$ZodIssue, field: string): string | undefined {
  if (issue.code !== 'invalid_type' || !('input' in issue) || issue.input === undefined || issue.input === null) return undefined;
  // A number that is not whole, or a coerced field that could not be read as one, is of the right
  // kind: the field's own message says what it takes ('campaign must be an id').
  if (typeof issue.input === 'number' && (issue.expected === 'number' || issue.expected === 'int')) return undefined;
  return `${field} must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}`;
}

/** `{field: [line, ...]}` from a zod error: the shape of the API's `errors` member. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    // A bad record key (a language code of country_sms) reads 'Invalid key in record': the key's
    // own rule says what is wrong.
    const inner = issue.code === 'invalid_key' ? issue.issues[0] : undefined;
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (result[field] ??= []).push(wrongTypeLine(issue, field) ?? inner?.message ?? issue.message);
  }
  return result;
}

/** Every line of every field, in order, joined as the error toast shows them (section 8). */
export const joinFieldErrors = (errors: FieldErrors): string => Object.values(errors).flat().join('\n');
