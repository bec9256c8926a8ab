import { describe, expect, it } from 'vitest';
import { acceptsGzip, etagMatches } from './etag.ts';

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

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
