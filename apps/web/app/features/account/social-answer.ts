/**
 * The answer of Apple or Google as it reaches the shop's landing page `/social-authentication/{provider}`:
 * Google (and both sandboxes) send it in the query of a redirect; Apple posts it as a form
 * (`response_mode=form_post`), with a `user` field the first time. Read it the same way from both.
 */
import { type SocialCallbackBody, type SocialProvider, SocialProviderSchema } from '@drawhouse/contract';

export type SocialAnswer = Omit<SocialCallbackBody, 'fingerprint'>;

type Fields = { get(name: string): unknown };

export const SOCIAL_LABEL: Record<SocialProvider, string> = { apple: 'Apple', google: 'Google' };

/** `apple` or `google` from the page's address; anything else is no provider. */
export function socialProviderOf(value: unknown): SocialProvider | undefined {
  const parsed = SocialProviderSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function text(fields: Fields, name: string, max: number): string | undefined {
  const value = fields.get(name);
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : undefined;
}

/**
 * Apple's first-time `user` field, `{"name":{"firstName":"..","lastName":".."},"email":".."}`: only
 * the name is kept (the email comes from the ID token). Anything else is dropped.
 */
export function appleUserField(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  const name = (parsed as { name?: unknown } | null)?.name;
  if (typeof name !== 'object' || name === null) return undefined;
  const { firstName, lastName } = name as { firstName?: unknown; lastName?: unknown };
  const kept = {
    ...(typeof firstName === 'string' && firstName.trim()
      ? { firstName: firstName.trim().slice(0, 200) }
      : {}),
    ...(typeof lastName === 'string' && lastName.trim() ? { lastName: lastName.trim().slice(0, 200) } : {}),
  };
  return Object.keys(kept).length > 0 ? JSON.stringify({ name: kept }) : undefined;
}

/** The answer in a query or a posted form; none without a `state`. */
export function socialAnswerOf(fields: Fields): SocialAnswer | undefined {
  const state = text(fields, 'state', 200);
  if (!state) return undefined;
  const user = appleUserField(fields.get('user'));
  return {
    state,
    code: text(fields, 'code', 2000),
    iss: text(fields, 'iss', 500),
    error: text(fields, 'error', 200),
    errorDescription: text(fields, 'error_description', 1000),
    ...(user ? { user } : {}),
  };
}

/** The `state` of the provider's sign-in address the API gave: the answer must come back with it. */
export function stateOfAuthorizationUrl(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('state') || undefined;
  } catch {
    return undefined;
  }
}
