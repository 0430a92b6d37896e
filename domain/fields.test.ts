import { describe, expect, it } from 'vitest';
import { isHttpUrl, isPublicUrl } from './fields';

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

describe('isPublicUrl', () => {
  it.each([
    'https://example.com/photo.jpg',
    'http://example.com/path?q=1#x',
    '/uploads/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11.png',
    '/uploads/4f1c1f7e-3a55-4d4e-9d1b-2c7f5e0a9b10.mp3',
    // The demo content's static pictures, sent back unchanged when an admin edits a demo item.
    '/demo/events/soca-sunrise-fete.svg',
    '/demo/audio/sample.mp3',
  ])('accepts %s', (url) => expect(isPublicUrl(url)).toBe(true));

  it.each([
    '/out/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11',
    '/admin/settings',
    '/api/settings',
    '/demo/stream',
    '/demo/../out/x.svg',
    '/uploads/song.mp3',
    '/uploads/../api/settings',
    '/uploads/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11.png/../../out/x',
    '/uploads/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11.png?x=1',
    '//evil.example.com/x',
    'javascript:alert(1)',
    '',
  ])('refuses %s', (url) => expect(isPublicUrl(url)).toBe(false));
});
