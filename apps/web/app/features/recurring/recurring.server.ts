/**
 * The signed-in customer's autoplays, subscriptions and scheduled purchases (docs/api/recurring.md):
 * a page of a list, one item, and the changes (status, minimum jackpot, quick pick, cancel). An id the
 * API does not find for this customer (unknown, or another customer's) is the 404 page.
 */
import {
  AutoplaySchema,
  EmptyResultSchema,
  PaymentResolutionListSchema,
  RECURRING_PAGE_SIZE,
  RecurringPurchaseListSchema,
  RecurringPurchaseMethodSchema,
  ScheduledPurchaseListSchema,
  ScheduledPurchaseSchema,
  SubscriptionSchema,
} from '@drawhouse/contract';
import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { ApiError } from '../../lib/api.server';
import { customerGet, customerRequest } from '../../lib/customer.server';
import { pageCount, pageNumber } from '../../lib/paging';
import type { Visitor } from '../../lib/visitor.server';
import {
  RECURRING_LISTS,
  type RecurringListKind,
  recurringItemView,
  resolutionViews,
  scheduledItemView,
} from './recurring-view';

export const RECURRING_API_VERSION = '3.3';

function notFound(): never {
  throw data(null, { status: 404 });
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
}

/** A page (from 1) of a list, with the number of pages; a page past the last is the 404 page. */
export async function recurringListPage(
  visitor: Visitor,
  kind: RecurringListKind,
  param: string | undefined,
  now: Date,
) {
  const page = pageNumber(param);
  if (page < 1) notFound();
  const list = RECURRING_LISTS[kind];
  const envelope = await customerRequest(RecurringPurchaseListSchema, visitor, list.apiPath, {
    query: { limit: RECURRING_PAGE_SIZE, offset: (page - 1) * RECURRING_PAGE_SIZE },
    version: RECURRING_API_VERSION,
  });
  const total = envelope.pageInfo?.total ?? envelope.result.length;
  const pages = pageCount(total, RECURRING_PAGE_SIZE);
  if (page > pages) notFound();
  return {
    kind,
    title: list.title,
    empty: list.empty,
    items: envelope.result.map((p) => recurringItemView(p, now, list.detailBase)),
    page,
    pages,
  };
}

type ItemKind = 'autoplay' | 'subscriptions';

function itemPath(kind: ItemKind, id: string | undefined): string {
  const clean = cleanIdentifier(id);
  if (!clean) notFound();
  return `/${kind}/${encodeURIComponent(clean)}`;
}

/** One autoplay or subscription; the 404 page when the customer has none of that id. */
export async function recurringItem(visitor: Visitor, kind: ItemKind, id: string | undefined) {
  const path = itemPath(kind, id);
  try {
    return await customerGet(kind === 'autoplay' ? AutoplaySchema : SubscriptionSchema, visitor, path, {
      version: RECURRING_API_VERSION,
    });
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

/** `PATCH /v2/{autoplay|subscriptions}/{id}/status`. */
export function changeRecurringStatus(
  visitor: Visitor,
  kind: ItemKind,
  id: string | undefined,
  body: { status: string; pausedUntil: string | null },
) {
  // Only success matters here: the page reads the item again after a change.
  return customerRequest(EmptyResultSchema, visitor, `${itemPath(kind, id)}/status`, {
    method: 'PATCH',
    body,
    version: RECURRING_API_VERSION,
  });
}

/** `PATCH /v2/autoplay/{id}`: the minimum jackpot (dollars; empty clears it) or quick pick. */
export function patchAutoplay(
  visitor: Visitor,
  id: string | undefined,
  body: { minimumJackpotAmount?: string | null; quickpick?: boolean },
) {
  return customerRequest(EmptyResultSchema, visitor, itemPath('autoplay', id), {
    method: 'PATCH',
    body,
    version: RECURRING_API_VERSION,
  });
}

function scheduledPath(id: string | undefined): string {
  const clean = cleanIdentifier(id);
  if (!clean) notFound();
  return `/scheduled-purchases/${encodeURIComponent(clean)}`;
}

export async function scheduledPurchase(visitor: Visitor, id: string | undefined) {
  try {
    return await customerGet(ScheduledPurchaseSchema, visitor, scheduledPath(id), { version: '3.2' });
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

/** `PATCH /v2/scheduled-purchases/{encodedId}/cancel`. */
export function cancelScheduledPurchase(visitor: Visitor, id: string | undefined) {
  return customerRequest(EmptyResultSchema, visitor, `${scheduledPath(id)}/cancel`, {
    method: 'PATCH',
    version: '3.2',
  });
}

/** The scheduled purchases and pre-orders not charged or cancelled yet (`GET /v2/scheduled-purchases`). */
export async function waitingScheduledPurchases(visitor: Visitor) {
  const list = await customerGet(ScheduledPurchaseListSchema, visitor, '/scheduled-purchases', {
    version: '3.2',
  });
  return list.filter((s) => s.status === 'active' && !s.charged).map(scheduledItemView);
}

/** `GET /v2/customer/recurring-purchase-method`: the ways to pay, the one chosen and whether it can pay. */
export function recurringMethod(visitor: Visitor) {
  return customerGet(RecurringPurchaseMethodSchema, visitor, '/customer/recurring-purchase-method');
}

/** `POST /v2/customer/recurring-purchase-method?recurring_purchase_method={key}`. */
export function chooseRecurringMethod(visitor: Visitor, key: string) {
  return customerRequest(RecurringPurchaseMethodSchema, visitor, '/customer/recurring-purchase-method', {
    method: 'POST',
    query: { recurring_purchase_method: key },
  });
}

/** The attempts that need the customer (`GET /v2/payment_resolutions`). */
export async function paymentResolutions(visitor: Visitor) {
  const list = await customerGet(PaymentResolutionListSchema, visitor, '/payment_resolutions', {
    version: RECURRING_API_VERSION,
  });
  return resolutionViews(list);
}
