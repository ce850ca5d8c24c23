/**
 * ConnectID (docs/api/verification.md): `POST /customer/verification/connectid` starts a sign-in at
 * the customer's identity provider; the storefront's callback page posts what the provider sent
 * back to `POST /customer/verification/connectid/callback`, which answers as the other checks do.
 */
import { z } from 'zod';

export const ConnectIdStartSchema = z.object({
  /** Where to send the customer's browser: the provider's sign-in page. */
  authorizationUrl: z.string(),
  /** The sign-in must come back before this. */
  expiresAt: z.string(),
});
export type ConnectIdStart = z.infer<typeof ConnectIdStartSchema>;

const param = (max: number) => z.string().max(max);

/** The provider's answer as it reached the callback page (its query parameters). */
export const ConnectIdCallbackBodySchema = z.object({
  state: param(200),
  code: param(2000).optional(),
  iss: param(500).optional(),
  /** The provider's error (`access_denied` when the customer did not share their details). */
  error: param(200).optional(),
  errorDescription: param(1000).optional(),
});
export type ConnectIdCallbackBody = z.infer<typeof ConnectIdCallbackBodySchema>;
