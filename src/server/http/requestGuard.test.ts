import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../contract/constants';
import { refusalOf } from './requestGuard';

/** The path of the first string holding a NUL character, at any depth, if any. */
const findNul = (value: unknown) => {
  const refusal = refusalOf(value, Number.POSITIVE_INFINITY);
  return refusal?.kind === 'nul' ? refusal.path : undefined;
};

/** `{a: {a: … 'leaf' …}}`, `depth` objects deep. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('findNul', () => {
  it.each([
    [{ pretty: 'ok' }, undefined],
    [{ pretty: 'a\u0000b' }, 'pretty'],
    [{ urls: { en: 'https://x\u0000' } }, 'urls.en'],
    [{ list: ['a', 'b\u0000'] }, 'list.1'],
    [{ ['k\u0000']: 'v' }, 'k\u0000'],
    [{ first: 'a\u0000', second: 'b\u0000' }, 'first'],
    ['\u0000', '_'],
    [null, undefined],
    [42, undefined],
  ])('%j → %s', (value, path) => {
    expect(findNul(value)).toBe(path);
  });
});

describe('refusalOf', () => {
  it('takes a form nested as deep as the limit allows', () => {
    expect(refusalOf(nested(MAX_JSON_DEPTH))).toBeUndefined();
  });

  it('refuses one level deeper, and 20,000 levels without running out of stack', () => {
    expect(refusalOf(nested(MAX_JSON_DEPTH + 1))).toEqual({ kind: 'too-deep' });
    expect(refusalOf(nested(20_000))).toEqual({ kind: 'too-deep' });
    expect(findNul(nested(20_000))).toBeUndefined();
  });
});
