/**
 * What the verification, withdrawals and payments pages share: money as the shop writes it, a row
 * of details, a pager that keeps the filters, and a decision's forms (approve; reject with the reason
 * the customer reads, in a disclosure so nothing is refused by one click).
 */
import type { Money } from '@drawhouse/contract';
import { type ReactNode, useId } from 'react';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useNavigation,
} from 'react-router';
import type { z } from 'zod';
import { type AnswerSchema, adminCall } from './lib/api';
import { type ActionResult, refusal, text } from './lib/forms';

export const money = (m: Money) =>
  m.amount.toLocaleString('en-AU', { style: 'currency', currency: m.currency });

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2 border-t border-muted py-1">
      <dt className="font-semibold">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Approve (one button) and reject (a disclosure with the customer's reason), posting `intent`. */
export function DecisionForms({
  approveLabel,
  rejectLabel,
  reasonLabel,
  canApprove = true,
}: {
  approveLabel: string;
  rejectLabel: string;
  reasonLabel: string;
  /** False when this operator may not approve (they gave the first of two approvals). */
  canApprove?: boolean;
}) {
  const id = useId();
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const rejecting = result?.intent === 'reject';
  const reasonErrors = rejecting ? result?.fieldErrors?.reason : undefined;
  return (
    <div className="flex flex-wrap items-start gap-4">
      {canApprove ? (
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <button type="submit" className="button-primary" disabled={busy}>
            {approveLabel}
          </button>
        </Form>
      ) : null}
      <details className="rounded-md border border-muted p-3" open={rejecting && Boolean(result?.error)}>
        <summary className="cursor-pointer font-semibold">{rejectLabel}</summary>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="reject" />
          <label htmlFor={`${id}-reason`} className="block">
            {reasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            required
            maxLength={500}
            rows={3}
            aria-invalid={reasonErrors?.length ? true : undefined}
            aria-describedby={reasonErrors?.length ? `${id}-reason-error` : undefined}
            className="mt-1 w-full max-w-md rounded-md border border-muted px-3 py-2"
          />
          {reasonErrors?.length ? (
            <p id={`${id}-reason-error`} className="text-sm font-semibold text-red-800">
              {reasonErrors.join(' ')}
            </p>
          ) : null}
          <button type="submit" className="button-danger mt-2" disabled={busy}>
            Reject with this reason
          </button>
        </Form>
      </details>
    </div>
  );
}

/** A labelled choice of `options` (value to label). */
export function SelectField({
  id,
  label,
  name,
  options,
  defaultValue,
}: {
  id: string;
  label: string;
  name: string;
  options: Readonly<Record<string, string>>;
  defaultValue: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="mt-1 rounded-md border border-muted px-3 py-2"
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The loader and action of a page deciding one thing at `/admin{base}/:id`: the loader reads it,
 * the action posts `approve` or `reject` (with the reason) and says what happened, or the refusal.
 * Every answer is the decided thing, checked against `schema`.
 */
export function decisionRoutes<S extends AnswerSchema>(
  base: string,
  schema: S,
  notices: { approved: (answer: z.output<S>) => string; rejected: string },
) {
  const path = (params: LoaderFunctionArgs['params']) => `${base}/${encodeURIComponent(params.id ?? '')}`;
  return {
    loader: ({ request, params }: LoaderFunctionArgs) =>
      adminCall(schema, 'GET', path(params), { signal: request.signal }),
    action: async ({ request, params }: ActionFunctionArgs): Promise<ActionResult> => {
      const form = await request.formData();
      const intent = text(form, 'intent');
      try {
        if (intent === 'approve') {
          return {
            intent,
            notice: notices.approved(await adminCall(schema, 'POST', `${path(params)}/approve`)),
          };
        }
        if (intent === 'reject') {
          await adminCall(schema, 'POST', `${path(params)}/reject`, {
            body: { reason: text(form, 'reason') },
          });
          return { intent, notice: notices.rejected };
        }
        return { error: 'Unknown action.' };
      } catch (error) {
        return refusal(error, request, intent);
      }
    },
  };
}
