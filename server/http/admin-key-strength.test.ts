import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guessableProblem, oneClassProblem } from './admin-key-strength';

// Issue 30: an ADMIN_KEY of 16 characters or more was taken however guessable. docs/api.md
// "Admin key": one kind of character, or a key a password cracker tries early, is refused.

describe('ADMIN_KEY strength', () => {
  it.each([
    ['abcdefghijklmnopqrst', /only lower-case letters/],
    ['ABCDEFGHIJKLMNOPQRST', /only upper-case letters/],
    ['12345678901234567890', /only digits/],
    ['!@#$%^&*()_+-=[]{};', /only punctuation/],
  ])('refuses %s: one kind of character', (key, why) => {
    expect(oneClassProblem(key)).toMatch(why);
    expect(oneClassProblem(key)).toMatch(/openssl rand -base64 24/);
  });

  it('lets keys of mixed kinds through the quick rule', () => {
    expect(oneClassProblem('abc-def-ghi-jkl-mno')).toBeNull();
    expect(oneClassProblem(randomBytes(24).toString('base64'))).toBeNull();
  });

  it.each(['password12345678', 'sunshine1234567890', 'football12345678', 'qwertyuiop123456', 'letmein123456789'])(
    'refuses %s: a dictionary word or keyboard walk with digits',
    async (key) => {
      expect(await guessableProblem(key)).toMatch(/^ADMIN_KEY is too easy to guess.*openssl rand -base64 24$/);
    },
  );

  it.each([randomBytes(24).toString('base64'), randomBytes(18).toString('base64url'), 'test-admin-key-0123456789', 'e2e-admin-key-0123456789'])(
    'accepts %s',
    async (key) => {
      expect(await guessableProblem(key)).toBeNull();
    },
  );
});
