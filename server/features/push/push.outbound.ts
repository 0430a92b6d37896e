import type { Config } from '../../config';
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

/** Why this endpoint may not be used, or null. */
export function pushEndpointProblem(endpoint: string, config: Config): string | null {
  return outboundUrlProblem(endpoint, rules(config));
}

/** The real sending: through the outbound guard, which also checks where the name resolves to. */
export function guardedPushTransport(config: Config): PushTransport {
  const r = rules(config);
  return async (endpoint, request) => {
    const problem = outboundUrlProblem(endpoint, r);
    if (problem) throw new Error(problem);
    return guardedFetch(endpoint, request, { allowPrivate: r.allowPrivate });
  };
}
