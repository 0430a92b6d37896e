import Router from '@koa/router';
import { publicSettings, SettingsSchema } from '../../../domain/settings';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { outboundUrlProblem } from '../../http/outbound-guard';
import { parseWith } from '../../http/validate';
import { loadSettings, saveSettings } from '../../db/settings-store';

export function settingsRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/settings' });

  // Also the admin key check: a wrong key never gets here (401 in adminKey()).
  router.get('/', async (ctx) => {
    const settings = await loadSettings(deps.db, ctx.state.tenant);
    ctx.body = ctx.state.isAdmin ? settings : publicSettings(settings);
  });

  router.put('/', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const input = parseWith(SettingsSchema, ctx.state.body);
    // The server fetches npJsonUrl itself and shows what it answers on the public /api/np:
    // an address it must not ask is refused here, with the reason, not just never fetched
    // (docs/api.md, Requests the server makes). streamUrl is the browser's to fetch.
    const problem = input.npJsonUrl ? outboundUrlProblem(input.npJsonUrl, { allowPrivate: deps.config.upstreamAllowPrivate }) : null;
    if (problem) throw badRequest(problem, [{ path: 'npJsonUrl', message: problem }]);
    // With the live relay on, the server fetches streamUrl too (docs/live-relay.md); a path on
    // this server (the demo's /demo/stream) is resolved against it and checked when fetched.
    const relayed = input.liveRelay && /^https?:/i.test(input.streamUrl) ? outboundUrlProblem(input.streamUrl, { allowPrivate: deps.config.upstreamAllowPrivate }) : null;
    if (relayed) throw badRequest(relayed, [{ path: 'streamUrl', message: relayed }]);
    ctx.body = await saveSettings(deps.db, ctx.state.tenant, input, deps.now());
  });

  return router;
}
