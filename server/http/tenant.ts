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

/** api.md TRUST_PROXY: the left-most X-Forwarded-For entry when on; the socket address otherwise. */
export function clientAddress(forwardedFor: string, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const first = forwardedFor.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return (socketAddress ?? 'unknown').replace(/^::ffff:/, '').slice(0, 64);
}
