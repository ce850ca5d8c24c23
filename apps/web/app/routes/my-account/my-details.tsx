import { CustomerDetailsSchema } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import {
  CheckboxField,
  EmailField,
  FormAlert,
  SubmitButton,
  useFocusFirstError,
} from '../../components/form';
import { useNotify } from '../../components/notifications';
import { AddressFieldset } from '../../features/account/address-fields';
import { useStepUpReplay } from '../../features/account/elevation';
import { NameFields, PhoneField } from '../../features/account/identity-fields';
import { formFailureOrStepUp } from '../../features/account/step-up.server';
import { addressBody, addressFrom, detailsErrors } from '../../lib/account-validation';
import { customerGet, customerRequest, forgetCustomer } from '../../lib/customer.server';
import { type FormResult, failed, formChecked, formText, hasErrors } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { once, sameRequestKey } from '../../lib/in-flight.server';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/my-details';

export const handle: ScreenHandle = { screenName: 'my-details' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My details');

export const DETAILS_VERSION = '3.2';

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const details = await customerGet(CustomerDetailsSchema, visitor, '/customer/details', {
    version: DETAILS_VERSION,
  });
  return { details };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const address = addressFrom(form);
  const values = {
    firstname: formText(form, 'firstname'),
    lastname: formText(form, 'lastname'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    address,
  };
  const errors = detailsErrors(values);
  if (hasErrors(errors)) return failed(errors);
  // A new email needs a step-up; the same email is not sent, so other changes never need one.
  const emailChanged = values.email.toLowerCase() !== formText(form, 'originalEmail').toLowerCase();
  const body = {
    firstname: values.firstname,
    lastname: values.lastname,
    phone: values.phone,
    address: addressBody(address),
    email: emailChanged ? values.email : undefined,
    emailOptIn: formChecked(form, 'emailOptIn'),
  };
  try {
    await once(sameRequestKey('details', visitor.customerToken, body), () =>
      customerRequest(CustomerDetailsSchema, visitor, '/customer/details', {
        method: 'POST',
        body,
        version: DETAILS_VERSION,
      }),
    );
    forgetCustomer(visitor);
    return {
      ok: true,
      message: emailChanged
        ? 'Your details have been saved. Please confirm your new email address with the link we sent you.'
        : 'Your details have been saved.',
    };
  } catch (error) {
    return formFailureOrStepUp(visitor, error);
  }
}

export default function MyDetails({ loaderData }: Route.ComponentProps) {
  const { details } = loaderData;
  const fetcher = useFetcher<FormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const formRef = useRef<HTMLFormElement>(null);
  const notify = useNotify();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = result?.errors ?? {};
  const busy = fetcher.state !== 'idle';
  useFocusFirstError(formRef, result?.errors);
  useEffect(() => {
    if (result?.ok && result.message) notify({ level: 'success', message: result.message });
  }, [result, notify]);
  return (
    <section aria-labelledby="my-details-heading">
      <h1 id="my-details-heading" className="text-3xl font-extrabold">
        My details
      </h1>
      <p className="mt-2 text-muted">
        Date of birth:{' '}
        <span data-testid="date-of-birth">
          {formatCalendarDate(details.dateOfBirth) ?? details.dateOfBirth}
        </span>
      </p>
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        data-testid="my-details-form"
        aria-labelledby="my-details-heading"
        className="max-w-2xl"
      >
        <input type="hidden" name="originalEmail" value={details.email} />
        <FormAlert error={errors.general} success={result?.ok ? result.message : undefined} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NameFields errors={errors} saved={details} />
          <EmailField error={errors.email} defaultValue={details.email} />
          <PhoneField error={errors.phone} defaultValue={details.phone} />
        </div>
        <AddressFieldset errors={errors} saved={details.address} />
        <CheckboxField
          name="emailOptIn"
          label="Email me news and offers."
          defaultChecked={details.emailOptIn}
        />
        <SubmitButton busy={busy} label="Save my details" busyLabel="Saving..." />
      </fetcher.Form>
    </section>
  );
}
