import { resolveTenant } from '../../domain/tenants';
import { clientAddress, compileTrust, peerIsTrusted, type TrustProxy } from './client-address';
import type { Middleware } from './context';

export function tenantAndAddress(trustProxy: TrustProxy): Middleware {
  const trust = compileTrust(trustProxy);
  return async (ctx, next) => {
    const param = ctx.query.tenant;
    ctx.state.tenant = resolveTenant(ctx.get('host'), typeof param === 'string' ? param : undefined);
    const peer = ctx.request.socket.remoteAddress;
    // What a peer that is not our proxy says about the scheme and host is whatever a client
    // sent: dropped here, so ctx.protocol, ctx.secure and ctx.host (Koa's, read only later)
    // are the socket's own.
    if (!peerIsTrusted(peer, trust)) {
      delete ctx.req.headers['x-forwarded-proto'];
      delete ctx.req.headers['x-forwarded-host'];
    }
    ctx.state.clientAddress = clientAddress(ctx.get('x-forwarded-for'), peer, trust);
    ctx.state.isAdmin = false;
    await next();
  };
}
