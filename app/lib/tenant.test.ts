import { describe, expect, it } from 'vitest';
import { resolveTenant } from '../../domain/tenants';
import { currentTenant, tenantSwitchUrl } from './tenant';

describe('the tenant rule (docs/product.md#who-it-is-for)', () => {
  it('is caribbean by host name or by parameter, watzhott otherwise', () => {
    expect(resolveTenant('radio.caribbeanpraise.org', null)).toBe('caribbean');
    expect(resolveTenant('CARIBBEAN.example', null)).toBe('caribbean');
    expect(resolveTenant('watzhott.com', 'caribbean')).toBe('caribbean');
    expect(resolveTenant('localhost', 'Caribbean')).toBe('watzhott');
    expect(resolveTenant('watzhott.com', 'watzhott')).toBe('watzhott');
    expect(resolveTenant('', undefined)).toBe('watzhott');
    expect(currentTenant({ hostname: 'localhost', search: '?tenant=caribbean&x=1' })).toBe('caribbean');
  });
});

describe('tenantSwitchUrl', () => {
  it('replaces the watzhott / caribbean part of the host and keeps the path', () => {
    expect(tenantSwitchUrl('https://www.watzhott.com/artists?country=JM', 'caribbean')).toBe('https://www.caribbean.com/artists?country=JM');
    expect(tenantSwitchUrl('https://caribbean.radio.example/schedule', 'watzhott')).toBe('https://watzhott.radio.example/schedule');
  });

  it('adds or removes the tenant parameter on hosts with neither name', () => {
    expect(tenantSwitchUrl('http://localhost:3000/sponsors', 'caribbean')).toBe('http://localhost:3000/sponsors?tenant=caribbean');
    expect(tenantSwitchUrl('http://localhost:3000/sponsors?tenant=caribbean&x=1', 'watzhott')).toBe('http://localhost:3000/sponsors?x=1');
  });
});
