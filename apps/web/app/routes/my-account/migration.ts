import { redirect } from 'react-router';
import { migrationAction } from '../../features/account/migration.server';
import { requireCustomer } from '../../lib/customer.server';
import { formText } from '../../lib/forms';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/migration';

/** The migration modal's posts (start, retry, follow, dismiss): answers the modal's next step. */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  return migrationAction(visitor, formText(form, 'intent'));
}

export function loader() {
  return redirect('/my-account');
}
