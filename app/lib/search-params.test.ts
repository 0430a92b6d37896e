import { describe, expect, it } from 'vitest';
import { choiceParam, present, stringParam, textParam } from './search-params';
import { CountrySearch } from '../features/artists/country-search';
import { DirectorySearch } from '../features/artists/directory-search';

describe('search parameters read by hand', () => {
  it('takes a number the router parsed as text, and drops empty values', () => {
    expect(textParam(123)).toBe('123');
    expect(textParam('')).toBeUndefined();
    expect(textParam(null)).toBeUndefined();
    expect(DirectorySearch({ q: 123, from: '', genre: 'Soca', other: 'x' })).toEqual({ q: '123', genre: 'Soca' });
    expect(CountrySearch({})).toEqual({});
    expect(CountrySearch({ country: 'JM' })).toEqual({ country: 'JM' });
  });

  it('drops a string too long, a value of another type and an unknown choice', () => {
    expect(stringParam('a'.repeat(64), 64)).toBe('a'.repeat(64));
    expect(stringParam('a'.repeat(65), 64)).toBeUndefined();
    expect(stringParam(5)).toBeUndefined();
    expect(choiceParam('tracks', ['artists', 'tracks'] as const)).toBe('tracks');
    expect(choiceParam('nope', ['artists', 'tracks'] as const)).toBeUndefined();
    expect(present({ a: undefined, b: 'x' })).toEqual({ b: 'x' });
    expect('a' in present({ a: undefined })).toBe(false);
  });
});
