import type { SocialProvider } from '@drawhouse/contract';
import { useId } from 'react';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { SOCIAL_LABEL } from './social-answer';

/**
 * "Continue with Apple" and "Continue with Google": the page's action starts the sign-in at the
 * provider and sends the browser there. Only the providers the site offers are passed in.
 */
export function SocialSignInButtons({
  providers,
  title,
}: {
  providers: readonly SocialProvider[];
  /** What the buttons do here: "Or log in with", "Or join with". */
  title: string;
}) {
  const navigation = useNavigation();
  const headingId = useId();
  // Where the visitor was going travels with the form (the server checks it again).
  const [search] = useSearchParams();
  const redirectTo = search.get('redirectTo');
  if (providers.length === 0) return null;
  const starting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'social';
  const chosen = starting ? navigation.formData?.get('provider') : undefined;
  return (
    <Form method="post" className="mt-6" aria-labelledby={headingId} data-testid="social-sign-in">
      <p id={headingId} className="font-semibold">
        {title}
      </p>
      <input type="hidden" name="intent" value="social" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="mt-2 flex flex-wrap gap-3">
        {providers.map((provider) => (
          <button
            key={provider}
            type="submit"
            name="provider"
            value={provider}
            disabled={starting}
            className="button-secondary min-w-40 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {chosen === provider
              ? `Going to ${SOCIAL_LABEL[provider]}...`
              : `Continue with ${SOCIAL_LABEL[provider]}`}
          </button>
        ))}
      </div>
    </Form>
  );
}
