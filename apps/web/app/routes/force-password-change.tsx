import { EmptyResultSchema } from '@drawhouse/contract';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { FormAlert, NewPasswordField, SubmitButton } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import { useFormResult } from '../components/use-form-result';
import {
  customerRequest,
  flash,
  forgetCustomer,
  loadCustomer,
  requireCustomer,
} from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { type FormResult, failed, formSecret, hasErrors, newPasswordErrors } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/force-password-change';

export const handle: ScreenHandle = { screenName: 'force-password-change' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Choose a new password');

/** Customers flagged for a forced password change land here from every page (root loader). */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const customer = await loadCustomer(visitor);
  if (!customer.forcePasswordChange) throw redirect('/my-account');
  return null;
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult | Response> {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  const newPassword = formSecret(form, 'newPassword');
  const errors = newPasswordErrors(form);
  if (hasErrors(errors)) return failed(errors);
  try {
    await customerRequest(EmptyResultSchema, visitor, '/password/force-change', {
      method: 'POST',
      body: { newPassword },
    });
  } catch (error) {
    return formFailure(error);
  }
  forgetCustomer(visitor);
  flash(visitor, { level: 'success', message: 'Your password has been changed.' });
  return redirect('/my-account');
}

export default function ForcePasswordChange() {
  const result = useActionData<typeof action>() as FormResult | undefined;
  const busy = useNavigation().state !== 'idle';
  const { formRef, errors } = useFormResult(result, busy);
  return (
    <StandalonePage title="Choose a new password">
      <p className="mt-2">For your security, please choose a new password before you continue.</p>
      <Form
        method="post"
        ref={formRef}
        noValidate
        data-testid="force-password-form"
        aria-labelledby="page-heading"
      >
        <FormAlert error={errors.general} />
        <NewPasswordField errors={errors} />
        <SubmitButton busy={busy} label="Save my new password" busyLabel="Saving..." />
      </Form>
    </StandalonePage>
  );
}
