import Router from '@koa/router';
import { publicSettings, SettingsSchema } from '../../../domain/settings';
import { withActivity } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { outboundUrlProblem } from '../../http/outbound-guard';
import { parseWith } from '../../http/validate';
import { loadSettings, saveSettings } from '../../db/settings-store';

export function settingsRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/settings' });

  // Also the admin key check: a wrong key never gets here (401 in adminKey()). The fields only
  // the server uses (npJsonUrl, which may carry a token) are an owner's: moderators and
  // editors get what visitors get (docs/api.md, Settings).
  router.get('/', async (ctx) => {
    const settings = await loadSettings(deps.db, ctx.state.tenant);
    ctx.body = ctx.state.isAdmin && ctx.state.actor?.role === 'owner' ? settings : publicSettings(settings);
  });

  // Settings and the ad settings are an owner's (docs/api.md, "Admins who are people").
  router.put('/', requireAdmin(deps, 'owner'), jsonBody(deps), async (ctx) => {
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
    let changed: string[] = [];
    ctx.body = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const before = await loadSettings(trx, ctx.state.tenant);
        const after = await saveSettings(trx, ctx.state.tenant, input, deps.now());
        changed = changedFields(before, after);
        return after;
      },
      () => ({ action: 'settings.update', target: { type: 'settings', id: ctx.state.tenant }, summary: changed.length ? `changed ${changed.join(', ')}` : 'saved the settings unchanged' }),
    );
  });

  return router;
}

/** The names of the settings whose values differ, for the activity log ("changed streamUrl"). */
function changedFields(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}
