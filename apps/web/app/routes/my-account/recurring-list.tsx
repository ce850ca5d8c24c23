import { data } from 'react-router';
import {
  chooseRecurringMethod,
  paymentResolutions,
  recurringListPage,
  recurringMethod,
  waitingScheduledPurchases,
} from '../../features/recurring/recurring.server';
import { RecurringListPage } from '../../features/recurring/recurring-pages';
import { type RecurringListKind, recurringMethodView } from '../../features/recurring/recurring-view';
import { ApiError } from '../../lib/api.server';
import { pageNow } from '../../lib/clock';
import { formFailure } from '../../lib/form-errors.server';
import { type FormResult, formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen, siteHas } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/recurring-list';

/** Answers /my-account/{autoplay|subscriptions|recurring-purchases}/{page}; each is its own screen. */
export const handle: ScreenHandle = { screenName: 'recurring-purchases' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const title = loaderData?.list.title ?? 'Recurring purchases';
  return pageMeta(matches, params.page && params.page !== '1' ? `${title}, page ${params.page}` : title);
};

const KINDS: readonly RecurringListKind[] = ['autoplay', 'subscriptions', 'recurring-purchases'];

/**
 * Ten a page, newest first, each with its frequency, status and last attempt; the recurring
 * purchases page also lists the scheduled purchases and pre-orders still waiting for their draw.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const segment = new URL(request.url).pathname.split('/')[2];
  const kind = KINDS.find((k) => k === segment);
  if (!kind) throw data(null, { status: 404 });
  const site = await loadSite(visitor);
  requireScreen(site, kind);
  const withScheduled = kind === 'recurring-purchases' && siteHas(site, 'viewing-orders');
  const [list, scheduled, method, resolutions] = await Promise.all([
    recurringListPage(visitor, kind, params.page, pageNow()),
    withScheduled ? waitingScheduledPurchases(visitor) : Promise.resolve([]),
    recurringMethod(visitor),
    paymentResolutions(visitor),
  ]);
  return { list, scheduled, method: recurringMethodView(method), resolutions };
}

/** The payment method of every recurring purchase (`intent` method). */
export async function action({ context, request }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const key = formText(form, 'method');
  if (formText(form, 'intent') !== 'method' || key === '') {
    return { ok: false, errors: { general: 'Choose how to pay your recurring purchases.' } };
  }
  try {
    await chooseRecurringMethod(visitor, key);
    return { ok: true, message: 'Your recurring purchases will be paid this way.' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return formFailure(error);
  }
}

export default function RecurringList({ loaderData }: Route.ComponentProps) {
  return (
    <RecurringListPage
      list={loaderData.list}
      scheduled={loaderData.scheduled}
      method={loaderData.method}
      resolutions={loaderData.resolutions}
    />
  );
}
