/**
 * `/promotions/new` and `/promotions/:id` (content): a promo code's form, whole: its code, what it
 * gives (fixed amount off, percentage off, fixed off with expiry, or promotional credit), minimum
 * spend, when it is valid, its limits, the customer segments it is for and whether it is active. The
 * API checks it and answers an error per field, shown beside each.
 */
import {
  type AdminPromotion,
  type AdminPromotionBody,
  AdminPromotionListSchema,
  AdminPromotionSchema,
} from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text, typedInstant } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, PageTitle } from '../ui';

const TYPES = [
  ['voucher_fixed_discount', 'Fixed amount off'],
  ['voucher_percent_discount', 'Percentage off'],
  ['voucher_fixed_discount_expire', 'Fixed amount off, with an expiry'],
  ['voucher_credit_amount', 'Promotional credit'],
] as const satisfies readonly (readonly [AdminPromotion['type'], string])[];

type Loaded = { promotion: AdminPromotion | null; segments: string[] };

async function promotionLoader({ request, params }: LoaderFunctionArgs): Promise<Loaded> {
  const id = params.id ?? 'new';
  const [list, promotion] = await Promise.all([
    adminCall(AdminPromotionListSchema, 'GET', '/promotions', {
      query: { q: '', limit: 1 },
      signal: request.signal,
    }),
    id === 'new'
      ? Promise.resolve(null)
      : adminCall(AdminPromotionSchema, 'GET', `/promotions/${encodeURIComponent(id)}`, {
          signal: request.signal,
        }),
  ]);
  return { promotion, segments: list.segments };
}

/** A number typed in a field, or null when left empty (the API names a wrong one). */
function numberOf(form: FormData, name: string): number | null {
  const value = text(form, name);
  if (value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** A local date and time typed in a field, as an instant (the browser's time zone), or null. */
function instantOf(form: FormData, name: string): string | null {
  const value = text(form, name);
  return value === '' ? null : typedInstant(value);
}

async function promotionAction({ request, params }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const type = text(form, 'type') as AdminPromotion['type'];
  const percent = type === 'voucher_percent_discount';
  const segments = form.getAll('segments').filter((s): s is string => typeof s === 'string');
  const body: AdminPromotionBody = {
    code: text(form, 'code'),
    type,
    amount: percent ? null : numberOf(form, 'amount'),
    percent: percent ? numberOf(form, 'percent') : null,
    minSpend: numberOf(form, 'minSpend') ?? 0,
    validFrom: instantOf(form, 'validFrom'),
    expiresAt: instantOf(form, 'expiresAt'),
    perCustomerLimit: numberOf(form, 'perCustomerLimit') ?? 1,
    maxRedemptions: numberOf(form, 'maxRedemptions'),
    active: form.get('active') === 'on',
    segments: segments.length > 0 ? segments : null,
  };
  const id = params.id ?? 'new';
  try {
    const saved =
      id === 'new'
        ? await adminCall(AdminPromotionSchema, 'POST', '/promotions', { body })
        : await adminCall(AdminPromotionSchema, 'PATCH', `/promotions/${encodeURIComponent(id)}`, { body });
    return redirect(`/promotions?q=${encodeURIComponent(saved.code)}`);
  } catch (error) {
    return refusal(error, request);
  }
}

/** `2026-12-01T09:30` in the browser's time zone, as a datetime-local field shows it. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function PromotionPage() {
  const { promotion: p, segments } = useLoaderData() as Loaded;
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  const title = p ? `Promo code ${p.code}` : 'New promo code';
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p className="mb-4">
        <Link className="link" to="/promotions">
          Back to promotions
        </Link>
        {p ? ` · Used ${p.redemptions} times by ${p.customers} customers` : null}
      </p>
      <ErrorSummary message={result?.error} />
      <Form method="post" aria-label={title} noValidate>
        <Field
          label="Code"
          name="code"
          hint="3 to 30 letters, digits, dashes or underscores; unique whatever its case"
          required
          maxLength={30}
          defaultValue={p?.code ?? ''}
          errors={errors.code}
        />
        <div className="mb-4">
          <label htmlFor="promotion-type" className="block font-semibold">
            Type
          </label>
          <select
            id="promotion-type"
            name="type"
            defaultValue={p?.type ?? 'voucher_fixed_discount'}
            className="mt-1 rounded-md border border-muted px-3 py-2"
          >
            {TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Amount ($)"
          name="amount"
          hint="Fixed amounts and credit: e.g. 5 or 2.50 (left out for a percentage)"
          inputMode="text"
          defaultValue={p?.amount ? String(p.amount.amount) : ''}
          errors={errors.amount}
        />
        <Field
          label="Percentage off (%)"
          name="percent"
          hint="Percentage codes only: e.g. 10 or 12.5"
          inputMode="text"
          defaultValue={p?.percent === null || p?.percent === undefined ? '' : String(p.percent)}
          errors={errors.percent}
        />
        <Field
          label="Minimum spend ($)"
          name="minSpend"
          hint="What the cart must charge now; 0 for none"
          defaultValue={p ? String(p.minSpend.amount) : '0'}
          errors={errors.minSpend}
        />
        <Field
          label="Valid from"
          name="validFrom"
          type="datetime-local"
          hint="Empty: from now"
          defaultValue={localInput(p?.validFrom ?? null)}
          errors={errors.validFrom}
        />
        <Field
          label="Expires"
          name="expiresAt"
          type="datetime-local"
          hint="Empty: never (a fixed amount off with an expiry needs one)"
          defaultValue={localInput(p?.expiresAt ?? null)}
          errors={errors.expiresAt}
        />
        <Field
          label="Uses per customer"
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={String(p?.perCustomerLimit ?? 1)}
          errors={errors.perCustomerLimit}
        />
        <Field
          label="Uses in all"
          name="maxRedemptions"
          hint="Empty: no limit"
          inputMode="numeric"
          defaultValue={
            p?.maxRedemptions === null || p?.maxRedemptions === undefined ? '' : String(p.maxRedemptions)
          }
          errors={errors.maxRedemptions}
        />
        <fieldset
          className="mb-4"
          aria-describedby={errors.segments?.length ? 'promotion-segments-error' : undefined}
        >
          <legend className="font-semibold">Customer segments</legend>
          <p className="text-sm text-muted">None ticked: every segment</p>
          {errors.segments?.length ? (
            <p id="promotion-segments-error" className="text-sm font-semibold text-red-800">
              {errors.segments.join(' ')}
            </p>
          ) : null}
          <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            {segments.map((segment) => (
              <li key={segment}>
                <input
                  type="checkbox"
                  id={`promotion-segment-${segment}`}
                  name="segments"
                  value={segment}
                  defaultChecked={p?.segments?.includes(segment)}
                  className="mr-1"
                />
                <label htmlFor={`promotion-segment-${segment}`}>{segment}</label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p className="mb-4">
          <input
            type="checkbox"
            id="promotion-active"
            name="active"
            defaultChecked={p?.active ?? true}
            className="mr-1"
          />
          <label htmlFor="promotion-active">Active (customers may use it)</label>
        </p>
        <button type="submit" className="button-primary" disabled={busy}>
          {p ? 'Save the promo code' : 'Create the promo code'}
        </button>
      </Form>
    </>
  );
}

export const promotionPage: AdminPage = {
  path: '/promotions/:id',
  label: 'Promo code',
  inNav: false,
  role: 'content',
  loader: promotionLoader,
  action: promotionAction,
  Component: PromotionPage,
};
