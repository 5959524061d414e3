import { describe, expect, it } from 'vitest';
import { findNul } from './text';

describe('findNul', () => {
  it.each([
    [{ pretty: 'ok' }, undefined],
    [{ pretty: 'a\u0000b' }, 'pretty'],
    [{ urls: { en: 'https://x\u0000' } }, 'urls.en'],
    [{ list: ['a', 'b\u0000'] }, 'list.1'],
    [{ ['k\u0000']: 'v' }, 'k\u0000'],
    ['\u0000', '_'],
    [null, undefined],
    [42, undefined],
  ])('%j → %s', (value, path) => {
    expect(findNul(value)).toBe(path);
  });
});
