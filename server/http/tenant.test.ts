import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../test/test-app';
import { clientAddress } from './tenant';

// api.md Tenant, and TRUST_PROXY of "Running the server".

describeEachEngine('tenant resolution', (t) => {
  const tenantOf = async (path: string, host?: string) => {
    const req = t().http().get(path);
    const res = await (host ? req.set('Host', host) : req);
    expect(res.status).toBe(200);
    return res.body.tenant as string;
  };

  it('is caribbean when ?tenant=caribbean or the Host contains caribbean, else watzhott', async () => {
    expect(await tenantOf('/api/settings')).toBe('watzhott');
    expect(await tenantOf('/api/settings?tenant=caribbean')).toBe('caribbean');
    expect(await tenantOf('/api/settings', 'radio.caribbeanpraise.example')).toBe('caribbean');
    expect(await tenantOf('/api/settings', 'CaribbeanPraise.example:8080')).toBe('caribbean');
    expect(await tenantOf('/api/settings?tenant=watzhott', 'caribbean.example')).toBe('caribbean');
    expect(await tenantOf('/api/settings?tenant=other')).toBe('watzhott');
    expect(await tenantOf('/api/settings?tenant=Caribbean')).toBe('watzhott');
    expect(await tenantOf('/api/settings', 'watzhott.example')).toBe('watzhott');
  });

  it('gates events and prayers to their tenants with a JSON 404', async () => {
    const events = await t().http().get('/api/events?tenant=caribbean');
    expect(events.status).toBe(404);
    expect(events.body).toEqual({ error: 'Events are only available on the Watzhott platform.' });
    const prayers = await t().http().get('/api/prayers');
    expect(prayers.status).toBe(404);
    expect(prayers.body).toEqual({ error: expect.any(String) });
  });
});

describe('clientAddress', () => {
  it('takes the right-most X-Forwarded-For entry (the one our proxy added) only with TRUST_PROXY', () => {
    expect(clientAddress('198.51.100.9, 203.0.113.7', '10.0.0.1', true)).toBe('203.0.113.7');
    expect(clientAddress('spoofed, 203.0.113.7 ,', '10.0.0.1', true)).toBe('203.0.113.7');
    expect(clientAddress(' 203.0.113.7 ', '10.0.0.1', true)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', '10.0.0.1', false)).toBe('10.0.0.1');
    expect(clientAddress('', '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientAddress(' , ', '10.0.0.1', true)).toBe('10.0.0.1');
  });

  it('normalises IPv4-mapped addresses and bounds the length', () => {
    expect(clientAddress('', '::ffff:127.0.0.1', false)).toBe('127.0.0.1');
    expect(clientAddress('', undefined, false)).toBe('unknown');
    expect(clientAddress('x'.repeat(500), '10.0.0.1', true)).toHaveLength(64);
  });
});
