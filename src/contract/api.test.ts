import { describe, it, expect } from 'vitest';
import { apiErrorText } from './errors';
import type { ApiError } from './api';
import * as messages from './messages';

describe('apiErrorText (section 8: error field, else data, else message)', () => {
  it('the default toast is the spec string', () => {
    expect(messages.defaultToast).toBe('An error occurred while fetching data!');
  });

  const fieldBody: ApiError & { data: string } = {
    error: 'validation failed',
    code: 'validation',
    errors: { email: ['Email address is required'], password: ['Password is required', 'second line'] },
    data: 'some data',
  };

  it.each([
    [
      'field lines, joined with a newline, win over everything',
      fieldBody,
      'the message',
      'Email address is required\nPassword is required\nsecond line',
    ],
    ['one field line', { error: 'e', errors: { msisdn: ['Mobile Number is required'] } }, undefined, 'Mobile Number is required'],
    ['empty field lists fall through to error', { error: 'Server said no', errors: { a: [] } }, 'm', 'Server said no'],
    ['an empty errors object falls through to error', { error: 'Server said no', errors: {} }, 'm', 'Server said no'],
    ['non-string lines are ignored', { error: 'Server said no', errors: { a: [42, null] } }, 'm', 'Server said no'],
    ['error wins over data and message', { error: 'Unable to login user', data: 'd' }, 'm', 'Unable to login user'],
    ['an empty error falls through to data', { error: '', data: 'data text' }, 'm', 'data text'],
    ['a non-string error falls through to data', { error: { code: 1 }, data: 'data text' }, 'm', 'data text'],
    ['data string wins over the message', { data: 'data text' }, 'the message', 'data text'],
    ['data that is not a string falls through to the message', { data: { rows: [] } }, 'the message', 'the message'],
    ['an empty data string falls through to the message', { data: '' }, 'the message', 'the message'],
    ['a plain string body', 'plain text body', 'the message', 'plain text body'],
    ['an empty object uses the message', {}, 'Request failed with status code 500', 'Request failed with status code 500'],
    ['null uses the message', null, 'Network Error', 'Network Error'],
    ['undefined uses the message', undefined, 'Network Error', 'Network Error'],
    ['nothing at all gives the default toast', undefined, undefined, 'An error occurred while fetching data!'],
    ['an empty message gives the default toast', {}, '', 'An error occurred while fetching data!'],
    ['an empty string body gives the default toast', '', undefined, 'An error occurred while fetching data!'],
    ['a number body gives the default toast', 500, undefined, 'An error occurred while fetching data!'],
  ] as Array<[string, unknown, string | undefined, string]>)('%s', (_case, body, message, expected) => {
    expect(apiErrorText(body, message)).toBe(expected);
  });
});
