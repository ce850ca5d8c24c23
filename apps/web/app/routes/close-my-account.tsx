import { EmptyResultSchema } from '@drawhouse/contract';
import { VALIDATION_MESSAGES } from '@drawhouse/domain';
import { Link, redirect, useFetcher } from 'react-router';
import { CurrentPasswordField, FormAlert, SelectField, SubmitButton } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import { useFormResult } from '../components/use-form-result';
import { useStepUpReplay } from '../features/account/elevation';
import { formFailureOrStepUp } from '../features/account/step-up.server';
import { customerRequest, requireCustomer } from '../lib/customer.server';
import { type FormResult, failed, formSecret, formText } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { endSession, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/close-my-account';

export const handle: ScreenHandle = { screenName: 'close-my-account' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Close my account');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), 'close-my-account');
  return null;
}

const REASONS = [
  { value: '', label: 'Choose a reason (optional)' },
  { value: 'not_using', label: 'I no longer use it' },
  { value: 'too_much_spending', label: 'I want to take a break from playing' },
  { value: 'another_account', label: 'I have another account' },
  { value: 'other', label: 'Something else' },
];

/** DELETE /v2/customer with the password (a step-up first); the session ends with the account. */
export async function action({ request, context }: Route.ActionArgs): Promise<FormResult | Response> {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  const password = formSecret(form, 'password');
  if (!password) return failed({ password: VALIDATION_MESSAGES.required });
  const reason = formText(form, 'reason');
  try {
    await customerRequest(EmptyResultSchema, visitor, '/customer', {
      method: 'DELETE',
      body: { password, reason: reason || undefined },
    });
  } catch (error) {
    return formFailureOrStepUp(visitor, error);
  }
  // A forced logout from this page goes to the success page.
  endSession(visitor);
  return redirect('/close-my-account/success');
}

export default function CloseMyAccount() {
  const fetcher = useFetcher<FormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const busy = fetcher.state !== 'idle';
  const { formRef, errors } = useFormResult(fetcher.data, busy);
  return (
    <StandalonePage title="Close my account">
      <p className="mt-2">
        Closing your account signs you out everywhere, and you will not be able to sign in again. Tickets you
        already bought stay in their draws.
      </p>
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        data-testid="close-account-form"
        aria-labelledby="page-heading"
      >
        <FormAlert error={errors.general} />
        <SelectField name="reason" label="Why are you leaving?" options={REASONS} />
        <CurrentPasswordField name="password" label="Password" error={errors.password} />
        <SubmitButton busy={busy} label="Close my account" busyLabel="Closing your account..." />
      </fetcher.Form>
      <p className="mt-6">
        <Link to="/my-account" className="link">
          Keep my account
        </Link>
      </p>
    </StandalonePage>
  );
}
