import { CustomerDetailsSchema } from '@drawhouse/contract';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/form';
import { StandalonePage } from '../../components/standalone-page';
import { useFormResult } from '../../components/use-form-result';
import { AddressFieldset } from '../../features/account/address-fields';
import { AcceptTermsField, DateOfBirthField, PhoneField } from '../../features/account/identity-fields';
import { addressBody, addressFrom, upgradeErrors } from '../../lib/account-validation';
import {
  customerGet,
  customerRequest,
  flash,
  forgetCustomer,
  loadCustomer,
  requireCustomer,
} from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import { type FormResult, failed, formChecked, formText, hasErrors } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/upgrade-account';

export const handle: ScreenHandle = { screenName: 'upgrade-account' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Upgrade your account');

const DETAILS_VERSION = '3.2';

/** Customers flagged for an account upgrade (a migrated account) land here from every page (root loader). */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const customer = await loadCustomer(visitor);
  if (!customer.accountUpgrade) throw redirect('/my-account');
  const [details, site] = await Promise.all([
    customerGet(CustomerDetailsSchema, visitor, '/customer/details', { version: DETAILS_VERSION }),
    loadSite(visitor),
  ]);
  return { details, minimumAge: site.config.minimumRegistrationAge ?? 18 };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult | Response> {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  const site = await loadSite(visitor);
  const values = {
    dateOfBirth: formText(form, 'dateOfBirth'),
    phone: formText(form, 'phone'),
    address: addressFrom(form),
    acceptTerms: formChecked(form, 'acceptTerms'),
  };
  const errors = upgradeErrors(values, site.config.minimumRegistrationAge ?? 18);
  if (hasErrors(errors)) return failed(errors);
  try {
    await customerRequest(CustomerDetailsSchema, visitor, '/customer/upgrade', {
      method: 'POST',
      body: { ...values, address: addressBody(values.address) },
    });
  } catch (error) {
    return formFailure(error);
  }
  forgetCustomer(visitor);
  flash(visitor, { level: 'success', message: 'Your account has been upgraded.' });
  return redirect('/my-account');
}

export default function UpgradeAccount({ loaderData }: Route.ComponentProps) {
  const { details, minimumAge } = loaderData;
  const result = useActionData<typeof action>() as FormResult | undefined;
  const busy = useNavigation().state !== 'idle';
  const { formRef, errors } = useFormResult(result, busy);
  return (
    <StandalonePage title="Upgrade your account">
      <p className="mt-2">
        Your account has moved to Drawhouse. Please confirm your date of birth, phone and address, and accept
        our terms, before you continue.
      </p>
      <Form
        method="post"
        ref={formRef}
        noValidate
        data-testid="upgrade-account-form"
        aria-labelledby="page-heading"
      >
        <FormAlert error={errors.general} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <DateOfBirthField error={errors.dateOfBirth} defaultValue={details.dateOfBirth} />
          <PhoneField error={errors.phone} defaultValue={details.phone} />
        </div>
        <AddressFieldset errors={errors} saved={details.address} />
        <AcceptTermsField minimumAge={minimumAge} error={errors.acceptTerms} />
        <SubmitButton busy={busy} label="Upgrade my account" busyLabel="Saving..." />
      </Form>
    </StandalonePage>
  );
}
