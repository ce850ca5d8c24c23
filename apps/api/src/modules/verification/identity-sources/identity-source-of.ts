import type { VerificationConfig } from '../verification.config.ts';
import type { IdentitySource } from './identity-source.ts';
import { sandboxIdentitySource } from './sandbox.identity-source.ts';

/** The configured identity source, or undefined when automatic checks are off (IDENTITY_SOURCE=none). */
export function identitySourceOf(config: VerificationConfig): IdentitySource | undefined {
  return config.identitySource === 'sandbox' ? sandboxIdentitySource() : undefined;
}
