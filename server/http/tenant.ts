import { resolveTenant } from '../../domain/tenants';
import type { Middleware } from './context';

export function tenantAndAddress(trustProxy: boolean): Middleware {
  return async (ctx, next) => {
    const param = ctx.query.tenant;
    ctx.state.tenant = resolveTenant(ctx.get('host'), typeof param === 'string' ? param : undefined);
    ctx.state.clientAddress = clientAddress(ctx.get('x-forwarded-for'), ctx.request.socket.remoteAddress, trustProxy);
    ctx.state.isAdmin = false;
    await next();
  };
}

/**
 * api.md TRUST_PROXY: with it on, the right-most X-Forwarded-For entry, the one our own
 * proxy appended; entries to its left are whatever the client sent, and trusting them would
 * let anyone dodge the lock-out and rate limits by rotating the header. Off: the socket.
 */
export function clientAddress(forwardedFor: string, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const entries = forwardedFor.split(',').map((e) => e.trim()).filter(Boolean);
    const nearest = entries[entries.length - 1];
    if (nearest) return nearest.slice(0, 64);
  }
  return (socketAddress ?? 'unknown').replace(/^::ffff:/, '').slice(0, 64);
}
