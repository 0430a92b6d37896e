import { DEFAULT_PUSH_ENDPOINT_HOSTS, type Config } from '../../config';
import { guardedFetch, outboundUrlProblem, type OutboundRules } from '../../http/outbound-guard';
import type { PushTransport } from './push.service';

/**
 * Push endpoints are URLs a stranger gives us and the server then posts to: https: on a
 * public address only, as every server-side fetch (docs/api.md, Round three);
 * PUSH_ALLOW_INSECURE_ENDPOINTS=on lets tests use a receiver on loopback over http.
 */
function rules(config: Config): OutboundRules & { httpsOnly: boolean } {
  const insecure = config.pushAllowInsecureEndpoints === true;
  return { allowPrivate: insecure, httpsOnly: !insecure };
}

/** `name` is `entry`, or under it when the entry is `*.domain`. */
const hostMatches = (name: string, entry: string): boolean => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) : name === entry);

/**
 * Why this endpoint may not be used, or null. Besides the outbound rules, only the push
 * services browsers subscribe with (PUSH_ENDPOINT_HOSTS) are sent to, on their usual port:
 * anything else would let a stranger make the server post to any https: site it names, and
 * hold reminders with endpoints that never answer (docs/api.md "Reminders by Web Push").
 */
export function pushEndpointProblem(endpoint: string, config: Config): string | null {
  const problem = outboundUrlProblem(endpoint, rules(config));
  if (problem) return problem;
  const url = new URL(endpoint.trim());
  const hosts = config.pushEndpointHosts ?? DEFAULT_PUSH_ENDPOINT_HOSTS;
  const name = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (!hosts.some((entry) => hostMatches(name, entry))) {
    return `${name} is not a push service; reminders are sent only to the push services browsers use (${hosts.join(', ')}).`;
  }
  if (url.port && !config.pushAllowInsecureEndpoints) return 'A push service answers on its usual port; an endpoint names none.';
  return null;
}

/** The lane a subscription's pushes go out on: its endpoint's host (with the port, when one is named). */
export function pushServiceHost(endpoint: string): string {
  return new URL(endpoint.trim()).host.toLowerCase();
}

/** The real sending: through the outbound guard, which also checks where the name resolves to. */
export function guardedPushTransport(config: Config): PushTransport {
  const r = rules(config);
  return async (endpoint, request) => {
    const problem = pushEndpointProblem(endpoint, config);
    if (problem) throw new Error(problem);
    return guardedFetch(endpoint, request, { allowPrivate: r.allowPrivate });
  };
}
