import { test as base, expect } from '@playwright/test';

export { expect };
export const ADMIN_KEY = 'e2e-admin-key-0123456789';

let n = 0;
/** Each test is its own client address, so the server's per-address rate limits never cross tests. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    n += 1;
    await use({ 'X-Forwarded-For': `198.51.${Math.floor(n / 250) % 250}.${n % 250}` });
  },
});

/** Path on the Caribbean tenant (hosts here have neither name, so the parameter decides). */
export const caribbean = (path: string) => path + (path.includes('?') ? '&' : '?') + 'tenant=caribbean';
