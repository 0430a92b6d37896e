// In the head of the app's shell (index.html, put there by the build: vite.config.ts), run as
// the HTML is parsed: on an admin page, it asks who is signed in, and on /admin/moderation the
// queues' first pages as soon as the answer says the person may moderate, each as the app
// would ask it (its URL, the session header). The app's own scripts come 1.5-2 s later on a
// low-tier phone; the answers are then there or on their way (./early-answers.ts). A typed
// admin key asks with the key instead, which this script does not hold: it asks nothing then.
// docs/performance.md, "Moderating from a phone".
import { ADMIN_KEY_STORAGE, ADMIN_ME_PATH, ADMIN_SESSION_HEADER, roleMayUse, type Role } from '../../../domain/admin-session';
import { queueFirstPage, tenantQueues } from '../../../domain/moderation';
import { resolveTenant, tenantApiPath } from '../../../domain/tenants';
import { keepEarlyAnswer } from './early-answers';

const path = location.pathname;

function keyTyped(): boolean {
  try {
    return !!sessionStorage.getItem(ADMIN_KEY_STORAGE);
  } catch {
    return false;
  }
}

if ((path === '/admin' || path.startsWith('/admin/')) && typeof fetch === 'function' && !keyTyped()) {
  const tenant = resolveTenant(location.hostname, new URLSearchParams(location.search).get('tenant'));
  const ask = (apiPath: string): Promise<Response> => {
    const url = tenantApiPath(apiPath, tenant);
    const answer = fetch(url, { credentials: 'include', headers: { Accept: 'application/json', [ADMIN_SESSION_HEADER]: '1' } });
    keepEarlyAnswer(url, answer);
    return answer;
  };
  const me = ask(ADMIN_ME_PATH);
  if (path === '/admin/moderation' || path === '/admin/moderation/') {
    me.then((res) => (res.ok ? (res.clone().json() as Promise<{ role: Role }>) : null))
      .then((who) => {
        if (who && roleMayUse(who.role, 'moderation')) for (const queue of tenantQueues(tenant)) ask(queueFirstPage(queue));
      })
      .catch(() => undefined);
  }
}
