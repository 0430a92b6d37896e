import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LIMITS, readConfig } from './config';

// docs/api.md "Running the server": the environment table.

const ROOT = path.resolve('/srv/radio');

describe('readConfig', () => {
  it('applies every default of the table when nothing is set', () => {
    const c = readConfig({}, ROOT);
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBe(`sqlite:${path.join(ROOT, 'data', 'app.sqlite3')}`);
    expect(c.demoData).toBe(true);
    expect(c.uploadDir).toBe(path.join(ROOT, 'data', 'uploads'));
    expect(c.trustProxy).toBe(false);
    expect(c.limits).toEqual(DEFAULT_LIMITS);
    expect(c.limits.jsonBodyBytes).toBe(100 * 1024);
    expect(c.limits.publicWritesPerMinute).toBe(20);
    expect(c.limits.adminFailuresBeforeLockout).toBe(10);
    expect(c.limits.adminLockoutWindowMs).toBe(15 * 60 * 1000);
    expect(c.limits.idempotencyTtlMs).toBe(24 * 60 * 60 * 1000);
  });

  it('reads LOG_LEVEL, METRICS_TOKEN and METRICS_PORT (docs/operations.md), refusing what it cannot use', () => {
    expect(readConfig({}, ROOT).ops).toEqual({ logLevel: 'info', metricsToken: null, metricsPort: null });
    expect(readConfig({ LOG_LEVEL: 'DEBUG', METRICS_TOKEN: ' 0123456789abcdefXYZ ', METRICS_PORT: '9464' }, ROOT).ops).toEqual({
      logLevel: 'debug',
      metricsToken: '0123456789abcdefXYZ',
      metricsPort: 9464,
    });
    expect(() => readConfig({ LOG_LEVEL: 'loud' }, ROOT)).toThrow(ConfigError);
    expect(() => readConfig({ METRICS_TOKEN: 'short' }, ROOT)).toThrow(/at least 16/);
    expect(() => readConfig({ METRICS_PORT: '99999' }, ROOT)).toThrow(ConfigError);
  });

  it('reads UPSTREAM_ALLOW_PRIVATE, off unless on', () => {
    expect(readConfig({}, ROOT).upstreamAllowPrivate).toBe(false);
    expect(readConfig({ UPSTREAM_ALLOW_PRIVATE: 'on' }, ROOT).upstreamAllowPrivate).toBe(true);
    expect(readConfig({ UPSTREAM_ALLOW_PRIVATE: 'off' }, ROOT).upstreamAllowPrivate).toBe(false);
  });

  it('reads RECORDER_TICK_MS and RECORDER_LEASE_MS (docs/recorder.md), refusing a lease under three ticks', () => {
    expect(readConfig({}, ROOT).recorder).toEqual({ tickMs: 5_000, leaseMs: 20_000 });
    expect(readConfig({ RECORDER_TICK_MS: '250', RECORDER_LEASE_MS: '2000' }, ROOT).recorder).toEqual({ tickMs: 250, leaseMs: 2_000 });
    expect(readConfig({ RECORDER_TICK_MS: 'soon' }, ROOT).recorder).toEqual({ tickMs: 5_000, leaseMs: 20_000 });
    expect(() => readConfig({ RECORDER_TICK_MS: '10000' }, ROOT)).toThrow(/RECORDER_LEASE_MS \(20000\) must be at least three times RECORDER_TICK_MS \(10000\)/);
  });

  it('reads MAX_CONNECTIONS and CONNECTION_IDLE_MS, keeping the defaults for anything not a positive whole number', () => {
    expect(readConfig({}, ROOT).connections).toEqual({ maxConnections: 12_000, headersTimeoutMs: 15_000, idleTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000 });
    expect(readConfig({ MAX_CONNECTIONS: '500', CONNECTION_IDLE_MS: '30000' }, ROOT).connections).toMatchObject({ maxConnections: 500, idleTimeoutMs: 30_000 });
    expect(readConfig({ MAX_CONNECTIONS: '0', CONNECTION_IDLE_MS: 'x' }, ROOT).connections).toMatchObject({ maxConnections: 12_000, idleTimeoutMs: 120_000 });
  });

  it('reads the Web Push settings: PUBLIC_URL, both VAPID keys or neither, a mailto:/https: subject, PUSH_ALLOW_INSECURE_ENDPOINTS', () => {
    const none = readConfig({}, ROOT);
    expect([none.publicUrl, none.vapidKeys, none.vapidSubject, none.pushAllowInsecureEndpoints]).toEqual([null, null, null, false]);
    expect(readConfig({ PUBLIC_URL: 'https://radio.example/' }, ROOT).publicUrl).toBe('https://radio.example');
    expect(() => readConfig({ PUBLIC_URL: 'radio.example' }, ROOT)).toThrow(ConfigError);
    const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const privateKey = Buffer.alloc(32, 9).toString('base64url');
    expect(readConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }, ROOT).vapidKeys).toEqual({ publicKey, privateKey });
    expect(() => readConfig({ VAPID_PUBLIC_KEY: publicKey }, ROOT)).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => readConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey }, ROOT)).toThrow(ConfigError);
    expect(readConfig({ VAPID_SUBJECT: 'mailto:studio@radio.example' }, ROOT).vapidSubject).toBe('mailto:studio@radio.example');
    expect(() => readConfig({ VAPID_SUBJECT: 'http://radio.example' }, ROOT)).toThrow(ConfigError);
    expect(readConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'on' }, ROOT).pushAllowInsecureEndpoints).toBe(true);
  });

  it('reads PUSH_ENDPOINT_HOSTS (the browsers\' push services unless set) and PUSH_SUBSCRIPTIONS_PER_ADDRESS', () => {
    const none = readConfig({}, ROOT);
    expect(none.pushEndpointHosts).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com']);
    expect(none.limits.pushSubscriptionsPerAddress).toBe(1000);
    expect(readConfig({ PUSH_ENDPOINT_HOSTS: ' FCM.googleapis.com, *.push.example.org ,127.0.0.1' }, ROOT).pushEndpointHosts).toEqual(['fcm.googleapis.com', '*.push.example.org', '127.0.0.1']);
    expect(() => readConfig({ PUSH_ENDPOINT_HOSTS: 'https://fcm.googleapis.com/' }, ROOT)).toThrow(/PUSH_ENDPOINT_HOSTS must list host names/);
    expect(readConfig({ PUSH_SUBSCRIPTIONS_PER_ADDRESS: '50' }, ROOT).limits.pushSubscriptionsPerAddress).toBe(50);
  });

  it('reads PORT and HOST', () => {
    const c = readConfig({ PORT: '8080', HOST: '127.0.0.1' }, ROOT);
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(readConfig({ PORT: 'abc' }, ROOT).port).toBe(3000);
    expect(readConfig({ PORT: '' }, ROOT).port).toBe(3000);
    expect(readConfig({ HOST: '  ' }, ROOT).host).toBe('0.0.0.0');
  });

  it('generates an admin key when ADMIN_KEY is unset, a new one each start', () => {
    const a = readConfig({}, ROOT);
    const b = readConfig({}, ROOT);
    expect(a.adminKeyGenerated).toBe(true);
    expect(a.adminKey.length).toBeGreaterThanOrEqual(20);
    expect(a.adminKey).not.toBe(b.adminKey);
    const blank = readConfig({ ADMIN_KEY: '   ' }, ROOT);
    expect(blank.adminKeyGenerated).toBe(true);
    expect(blank.adminKey.trim()).not.toBe('');
  });

  it('uses ADMIN_KEY when set', () => {
    const c = readConfig({ ADMIN_KEY: 'my-secret-key-0123' }, ROOT);
    expect(c.adminKey).toBe('my-secret-key-0123');
    expect(c.adminKeyGenerated).toBe(false);
  });

  it('takes DATABASE_URL as given, sqlite: or postgres://', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://u@db:5432/radio' }, ROOT).databaseUrl).toBe('postgres://u@db:5432/radio');
    expect(readConfig({ DATABASE_URL: 'sqlite:/tmp/other.sqlite3' }, ROOT).databaseUrl).toBe('sqlite:/tmp/other.sqlite3');
  });

  it('turns DEMO_DATA on only when DATABASE_URL is unset, unless DEMO_DATA says otherwise', () => {
    expect(readConfig({}, ROOT).demoData).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://u@db/radio' }, ROOT).demoData).toBe(false);
    expect(readConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite3' }, ROOT).demoData).toBe(false);
    expect(readConfig({ DEMO_DATA: 'off' }, ROOT).demoData).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://u@db/radio', DEMO_DATA: 'on' }, ROOT).demoData).toBe(true);
    // A blank DATABASE_URL is unset: the default SQLite file, and so demo data.
    const blank = readConfig({ DATABASE_URL: '  ' }, ROOT);
    expect(blank.databaseUrl).toBe(`sqlite:${path.join(ROOT, 'data', 'app.sqlite3')}`);
    expect(blank.demoData).toBe(true);
  });

  it('reads on/off switches forgivingly', () => {
    for (const on of ['on', 'ON', 'true', '1', 'yes', ' on ']) expect(readConfig({ TRUST_PROXY: on }, ROOT).trustProxy, on).toBe(true);
    for (const off of ['off', 'OFF', 'false', '0', 'no', '']) expect(readConfig({ TRUST_PROXY: off }, ROOT).trustProxy, off).toBe(false);
    expect(readConfig({ DEMO_DATA: ' off ' }, ROOT).demoData).toBe(false);
  });

  it('takes TRUST_PROXY as a comma-separated list of proxy addresses or CIDRs', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7 ,2001:db8::/32' }, ROOT).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/8, not-an-address' }, ROOT)).toThrow(/TRUST_PROXY/);
  });

  it('refuses an ADMIN_KEY shorter than 16 characters, saying why', () => {
    expect(() => readConfig({ ADMIN_KEY: 'short-key' }, ROOT)).toThrow(ConfigError);
    expect(() => readConfig({ ADMIN_KEY: 'x'.repeat(15) }, ROOT)).toThrow(/ADMIN_KEY .*at least 16/);
    expect(readConfig({ ADMIN_KEY: 'x-'.repeat(8) }, ROOT).adminKey).toBe('x-'.repeat(8));
  });

  it('refuses an ADMIN_KEY of one kind of character, saying why and how to make a strong one', () => {
    expect(() => readConfig({ ADMIN_KEY: 'x'.repeat(16) }, ROOT)).toThrow(/^ADMIN_KEY uses only lower-case letters\. Make a random one with: openssl rand -base64 24$/);
    expect(() => readConfig({ ADMIN_KEY: '1234567890123456' }, ROOT)).toThrow(/only digits/);
  });

  it('resolves UPLOAD_DIR against the working directory', () => {
    expect(readConfig({ UPLOAD_DIR: 'files/up' }, ROOT).uploadDir).toBe(path.join(ROOT, 'files', 'up'));
    expect(readConfig({ UPLOAD_DIR: '/var/radio/uploads' }, ROOT).uploadDir).toBe(path.resolve('/var/radio/uploads'));
  });

  it('gives every config its own limits, so one app never changes another', () => {
    const a = readConfig({}, ROOT);
    a.limits.publicWritesPerMinute = 1;
    expect(readConfig({}, ROOT).limits.publicWritesPerMinute).toBe(20);
    expect(DEFAULT_LIMITS.publicWritesPerMinute).toBe(20);
  });

  it('logs requests except under test', () => {
    expect(readConfig({ NODE_ENV: 'production' }, ROOT).logRequests).toBe(true);
    expect(readConfig({ NODE_ENV: 'test' }, ROOT).logRequests).toBe(false);
  });

  it('reads process.env by default', () => {
    expect(readConfig().port).toBe(readConfig(process.env).port);
  });
});
