import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './fields';

describe('isHttpUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#x',
    'https://sub.domain.example.org:8443/a/b',
    'http://127.0.0.1:3000/stream',
    '/uploads/abc.mp3',
    '/demo/artist-1.svg',
  ])('accepts %s', (url) => expect(isHttpUrl(url)).toBe(true));

  it.each([
    '',
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://example.com/file',
    '//evil.example.com/x',
    'https://',
    'https://exa mple.com',
    'example.com',
    '/path with space',
    'https://-bad-.com',
    'x'.repeat(2001),
  ])('refuses %s', (url) => expect(isHttpUrl(url)).toBe(false));
});
