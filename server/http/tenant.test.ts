import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../test/test-app';
import { clientAddress, compileTrust, limitKey } from './client-address';

// docs/api.md Tenant, and TRUST_PROXY of "Running the server".

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

const ON = compileTrust(true);
const OFF = compileTrust(false);

describe('clientAddress', () => {
  // The right-most X-Forwarded-For entry (the one our proxy added) counts only with TRUST_PROXY.
  it.each([
    ['198.51.100.9, 203.0.113.7', '10.0.0.1', '203.0.113.7'],
    ['spoofed, 203.0.113.7 ,', '10.0.0.1', '203.0.113.7'],
    [' 203.0.113.7 ', '10.0.0.1', '203.0.113.7'],
    ['', '10.0.0.1', '10.0.0.1'],
    [' , ', '10.0.0.1', '10.0.0.1'],
  ])('trusting the proxy, X-Forwarded-For %j from %s is %s', (header, peer, client) => {
    expect(clientAddress(header, peer, ON)).toBe(client);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For', () => {
    expect(clientAddress('203.0.113.7', '10.0.0.1', OFF)).toBe('10.0.0.1');
  });

  // With a list, X-Forwarded-For is believed only from the listed proxies, hop by hop.
  it.each([
    // The socket peer is not a listed proxy: its header is whatever a client sent.
    ['203.0.113.7', '198.51.100.1', '198.51.100.1'],
    // A listed proxy: the entry it appended is the client.
    ['203.0.113.7', '10.1.2.3', '203.0.113.7'],
    ['203.0.113.7', '192.0.2.7', '203.0.113.7'],
    // Two listed proxies in a row (CDN 192.0.2.7 → balancer 10.1.2.3): past both, and no further.
    ['spoofed, 203.0.113.7, 192.0.2.7', '10.1.2.3', '203.0.113.7'],
    ['1.2.3.4', '::ffff:10.1.2.3', '1.2.3.4'],
  ])('with listed proxies, X-Forwarded-For %j from %s is %s', (header, peer, client) => {
    expect(clientAddress(header, peer, compileTrust(['10.0.0.0/8', '192.0.2.7']))).toBe(client);
  });

  it('normalises IPv4-mapped addresses and bounds the length', () => {
    expect(clientAddress('', '::ffff:127.0.0.1', OFF)).toBe('127.0.0.1');
    expect(clientAddress('', undefined, OFF)).toBe('unknown');
    expect(clientAddress('x'.repeat(500), '10.0.0.1', ON)).toHaveLength(64);
  });
});

describe('limitKey', () => {
  // IPv4 as it is, IPv6 grouped by its /64.
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s is limited as %s', (address, key) => {
    expect(limitKey(address)).toBe(key);
  });
});
