// In the head of the app's shell (index.html, put there by the build: vite.config.ts), run as
// the HTML is parsed: on an admin page, it asks who is signed in, and on /admin/moderation the
// queues' first pages, each as the app would ask it (its URL, the session header). The app's
// own scripts come 1.5-2 s later on a low-tier phone; the answers are then there or on their
// way (./early-answers.ts). The queues are asked once the answer says the person may moderate,
// or beside that question on a device whose last session could moderate (ADMIN_MODERATES_HINT):
// asked after it, they left 0.1-1.1 s after the answer on the bench's phone, behind the app's
// scripts' evaluation on the main thread. A queue is given to the app only if the person may
// moderate; for anyone else the app's own question, should it come, is asked of the server, and
// a page nobody is signed in on asks nothing of the admin's but who that is. A typed admin key
// asks with the key, which this script does not hold: it asks nothing then.
// docs/performance.md, "Moderating from a phone".
import { ADMIN_KEY_STORAGE, ADMIN_ME_PATH, ADMIN_MODERATES_HINT, ADMIN_SESSION_HEADER, roleMayUse, type Role } from '../../../domain/admin-session';
import { queueFirstPage, tenantQueues } from '../../../domain/moderation';
import { resolveTenant, tenantApiPath } from '../../../domain/tenants';
import { keepEarlyAnswer } from './early-answers';

const path = location.pathname;

function stored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

if ((path === '/admin' || path.startsWith('/admin/')) && typeof fetch === 'function' && !stored(() => sessionStorage, ADMIN_KEY_STORAGE)) {
  const tenant = resolveTenant(location.hostname, new URLSearchParams(location.search).get('tenant'));
  const ask = (url: string): Promise<Response> => fetch(url, { credentials: 'include', headers: { Accept: 'application/json', [ADMIN_SESSION_HEADER]: '1' } });
  const meUrl = tenantApiPath(ADMIN_ME_PATH, tenant);
  const me = ask(meUrl);
  keepEarlyAnswer(meUrl, me);
  if (path === '/admin/moderation' || path === '/admin/moderation/') {
    // Read from a copy, before the app reads the answer itself.
    const moderates = me.then((res) => (res.ok ? (res.clone().json() as Promise<{ role: Role }>) : null)).then((who) => !!who && roleMayUse(who.role, 'moderation'), () => false);
    const beside = stored(() => localStorage, ADMIN_MODERATES_HINT) === '1';
    for (const queue of tenantQueues(tenant)) {
      const url = tenantApiPath(queueFirstPage(queue), tenant);
      const asked = beside ? ask(url) : null;
      asked?.catch(() => undefined);
      keepEarlyAnswer(url, moderates.then((yes) => (yes ? (asked ?? ask(url)) : null)));
    }
  }
}
