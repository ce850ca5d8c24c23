/**
 * The location banner's Confirm: POST /v2/customer/terms-and-conditions/location with the country the
 * banner showed, then back to the page the customer was on.
 */
import { LocationConfirmationSchema } from '@drawhouse/contract';
import { redirect } from 'react-router';
import { ApiError } from '../../lib/api.server';
import { customerRequest, flash, forgetCustomer } from '../../lib/customer.server';
import { backToReferer } from '../../lib/redirect-to';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/confirm-location';

export function loader() {
  return redirect('/my-account');
}

export async function action({ context, request }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  if (!visitor.signedIn) return redirect('/login');
  const form = await request.formData();
  const country = String(form.get('countryCode') ?? '');
  const back = backToReferer(request, '/my-account');
  try {
    await customerRequest(LocationConfirmationSchema, visitor, '/customer/terms-and-conditions/location', {
      method: 'POST',
      body: { countryCode: /^[A-Z]{2}$/.test(country) ? country : '' },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flash(visitor, { level: 'error', message: error.message || 'Something went wrong' });
    return redirect(back);
  }
  forgetCustomer(visitor);
  flash(visitor, { level: 'success', message: 'Thank you: you can buy tickets from where you are.' });
  return redirect(back);
}
