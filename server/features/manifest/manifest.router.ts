import fs from 'node:fs/promises';
import Router from '@koa/router';
import { tenantManifest, type WebManifest } from '../../../domain/manifest';
import type { AppState, Deps } from '../../http/context';

/** The top-level manifest.webmanifest, served per tenant (issue 5). */
export function manifestRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  let base: WebManifest | null = null;
  router.get('/manifest.webmanifest', async (ctx) => {
    base ??= JSON.parse(await fs.readFile(deps.config.manifestPath, 'utf8')) as WebManifest;
    const hostSaysCaribbean = ctx.hostname.toLowerCase().includes('caribbean');
    ctx.type = 'application/manifest+json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = JSON.stringify(tenantManifest(base, ctx.state.tenant, hostSaysCaribbean));
  });
  return router;
}
