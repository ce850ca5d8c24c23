import { EmptyResultSchema } from '@drawhouse/contract';
import { VALIDATION_MESSAGES } from '@drawhouse/domain';
import { Link, useFetcher } from 'react-router';
import { CurrentPasswordField, FormAlert, NewPasswordField, SubmitButton } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import { useFormResult } from '../components/use-form-result';
import { useStepUpReplay } from '../features/account/elevation';
import { formFailureOrStepUp } from '../features/account/step-up.server';
import { customerRequest, requireCustomer } from '../lib/customer.server';
import { type FormResult, failed, formSecret, hasErrors, newPasswordErrors } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { once, sameRequestKey } from '../lib/in-flight.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/change-password';

export const handle: ScreenHandle = { screenName: 'change-password' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Change password');

export async function loader({ context }: Route.LoaderArgs) {
  requireCustomer(visitorOf(context));
  return null;
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  const currentPassword = formSecret(form, 'currentPassword');
  const newPassword = formSecret(form, 'newPassword');
  const errors = newPasswordErrors(form);
  if (!currentPassword) errors.currentPassword = VALIDATION_MESSAGES.required;
  if (hasErrors(errors)) return failed(errors);
  try {
    await once(sameRequestKey('change-password', visitor.customerToken, currentPassword, newPassword), () =>
      customerRequest(EmptyResultSchema, visitor, '/customer/change-password', {
        method: 'POST',
        body: { currentPassword, newPassword },
      }),
    );
    return { ok: true, message: 'Your password has been changed.' };
  } catch (error) {
    return formFailureOrStepUp(visitor, error);
  }
}

export default function ChangePassword() {
  const fetcher = useFetcher<FormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const busy = fetcher.state !== 'idle';
  const { formRef, errors, settled } = useFormResult(fetcher.data, busy);
  return (
    <StandalonePage title="Change password">
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        data-testid="change-password-form"
        aria-labelledby="page-heading"
      >
        <FormAlert error={errors.general} success={settled?.ok ? settled.message : undefined} />
        <CurrentPasswordField
          name="currentPassword"
          label="Current password"
          error={errors.currentPassword}
        />
        <NewPasswordField errors={errors} />
        <SubmitButton busy={busy} label="Change password" busyLabel="Changing password..." />
      </fetcher.Form>
      <p className="mt-6">
        <Link to="/my-account/login-and-security" className="link">
          Back to login and security
        </Link>
      </p>
    </StandalonePage>
  );
}
