import { publicSettings } from '../../../domain/settings';
import { loadSettings, saveSettings } from '../../db/settings-store';
import { withActivity } from '../../http/admin-crud';
import { badRequest } from '../../http/errors';
import { operationsWith } from '../../http/operation';
import { outboundUrlProblem } from '../../http/outbound-guard';

const op = operationsWith((deps) => deps, { tag: 'settings' });

/** docs/api.md, Settings. */
export const SETTINGS_OPERATIONS = [
  // Also the admin key check: a wrong key never gets here (401 in adminKey()).
  op({
    method: 'get', path: '/api/settings', summary: "The tenant's settings",
    description: 'Defaults applied, plus `tenant`. Also the admin key check: a wrong key answers 401. Admins get every field.',
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The settings.', json: 'Settings' } },
    handle: async (ctx, deps) => {
      const settings = await loadSettings(deps.db, ctx.state.tenant);
      ctx.body = ctx.state.isAdmin && ctx.state.actor?.role === 'owner' ? settings : publicSettings(settings);
    },
  }),
  // Settings and the ad settings are an owner's (docs/api.md, "Admins who are people").
  op({
    method: 'put', path: '/api/settings', summary: 'Save the settings',
    role: 'owner',
    body: { json: 'SettingsInput' },
    responses: { 200: { description: 'The saved settings.', json: 'Settings' } },
    handle: async (ctx, deps, input) => {
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
    },
  }),
];

/** The names of the settings whose values differ, for the activity log ("changed streamUrl"). */
function changedFields(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}
