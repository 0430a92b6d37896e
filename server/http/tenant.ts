import { resolveTenant } from '../../domain/tenants';
import { clientAddress, compileTrust, type TrustProxy } from './client-address';
import type { Middleware } from './context';

export function tenantAndAddress(trustProxy: TrustProxy): Middleware {
  const trust = compileTrust(trustProxy);
  return async (ctx, next) => {
    const param = ctx.query.tenant;
    ctx.state.tenant = resolveTenant(ctx.get('host'), typeof param === 'string' ? param : undefined);
    ctx.state.clientAddress = clientAddress(ctx.get('x-forwarded-for'), ctx.request.socket.remoteAddress, trust);
    ctx.state.isAdmin = false;
    await next();
  };
}
