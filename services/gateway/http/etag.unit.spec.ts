import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag.ts';

describe('If-None-Match', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['  "x" ,W/"abc" ', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(etagMatches(header, tag)).toBe(expected);
  });
});
