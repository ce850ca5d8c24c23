import type { SocialIdentity, SocialProvider } from '@drawhouse/contract';
import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/form';
import { useNotify } from '../../components/notifications';
import type { FormResult } from '../../lib/forms';
import { useStepUpReplay } from './elevation';
import { SOCIAL_LABEL } from './social-answer';

export type SignInMethodsData = {
  providers: SocialProvider[];
  identities: SocialIdentity[];
  hasPassword: boolean;
};

/**
 * Login and security's "Sign-in methods": the password, and Apple and Google (those the site offers)
 * with Link or Unlink. Both need the step-up: the modal opens and the click is sent again after it.
 */
export function SignInMethods({ methods }: { methods: SignInMethodsData }) {
  const fetcher = useFetcher<FormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const notify = useNotify();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle' ? fetcher.formData : undefined;
  useEffect(() => {
    if (result?.ok && result.message) notify({ level: 'success', message: result.message });
  }, [result, notify]);
  return (
    <section aria-labelledby="sign-in-methods-heading" data-testid="sign-in-methods">
      <h2 id="sign-in-methods-heading" className="mt-8 text-2xl font-bold">
        Sign-in methods
      </h2>
      <FormAlert error={result?.errors?.general} />
      <ul className="mt-2 divide-y divide-black/10 rounded-lg bg-surface">
        <li className="p-4">
          <p className="font-semibold">Email and password</p>
          {methods.hasPassword ? (
            <p>You can sign in with your email and password.</p>
          ) : (
            <p data-testid="no-password">
              Your account has no password yet: you sign in with Apple or Google.{' '}
              <Link to="/forgot-password" className="link">
                Set a password
              </Link>{' '}
              (we email you a link).
            </p>
          )}
        </li>
        {methods.providers.map((provider) => {
          const linked = methods.identities.find((identity) => identity.provider === provider);
          const label = SOCIAL_LABEL[provider];
          const intent = linked ? 'unlink' : 'link';
          return (
            <li key={provider} className="p-4" data-testid={`sign-in-method-${provider}`}>
              <p className="font-semibold">{label}</p>
              <p role="status">
                {linked ? `Linked${linked.email ? `: ${linked.email}` : ''}` : 'Not linked'}
              </p>
              <fetcher.Form method="post" onSubmit={onSubmit}>
                <input type="hidden" name="provider" value={provider} />
                <SubmitButton
                  busy={busy?.get('provider') === provider}
                  label={linked ? `Unlink ${label}` : `Link ${label}`}
                  busyLabel={linked ? 'Unlinking...' : `Going to ${label}...`}
                  name="intent"
                  value={intent}
                  variant="secondary"
                />
              </fetcher.Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
