import { ConfigSchema } from '@drawhouse/contract';
import { type ApiCaller, api } from './api.server';
import { DEFAULT_SESSION_TIMEOUT_SECONDS } from './session.server';

/**
 * The site's session timeout (GET /v2/config, cached), 3600 s when it says none or cannot be read.
 * Takes the visitor as a caller, so the visitor module can use it without a cycle.
 */
export async function sessionTimeoutSeconds(visitor: Pick<ApiCaller, 'requestId' | 'clientAddress'>) {
  try {
    const config = await api.get(ConfigSchema, 'main', '/config', {
      caller: { requestId: visitor.requestId, clientAddress: visitor.clientAddress },
    });
    const seconds = config.sessionTimeoutSeconds;
    return typeof seconds === 'number' && seconds >= 60
      ? Math.floor(seconds)
      : DEFAULT_SESSION_TIMEOUT_SECONDS;
  } catch {
    return DEFAULT_SESSION_TIMEOUT_SECONDS;
  }
}
