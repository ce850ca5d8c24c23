/**
 * `/payments` (finance): BPAY and bank transfer deposits customers announced, waiting for their line
 * on the bank statement; a statement line reconciled with a form (credited once per bank
 * transaction, audited); and the ledger check's report, run when asked.
 */
import {
  type AdminBankDeposit,
  type AdminBankDepositPage,
  AdminBankDepositPageSchema,
  type LedgerCheckReport,
  LedgerCheckReportSchema,
  ReconcileDepositResultSchema,
} from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import { PageLinks, pageParam } from '../lists';
import type { AdminPage } from '../page';
import { money, SelectField } from '../queue-ui';
import { ErrorSummary, Field, formatTime, Notice, PageTitle, TableHead } from '../ui';

const LIMIT = 20;
const METHODS = { bp: 'BPAY', dd: 'Bank transfer' } as const;

type Prefill = { method: string; reference: string; amount: string };
type Loaded = { deposits: AdminBankDepositPage; check: LedgerCheckReport | null; prefill: Prefill };

async function paymentsLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const signal = request.signal;
  const wantsCheck = url.searchParams.get('check') === '1';
  const [deposits, check] = await Promise.all([
    adminCall(AdminBankDepositPageSchema, 'GET', '/deposits/awaiting', {
      query: { page: pageParam(url), limit: LIMIT },
      signal,
    }),
    wantsCheck
      ? adminCall(LedgerCheckReportSchema, 'GET', '/ledger/check', { signal })
      : Promise.resolve(null),
  ]);
  const param = (name: string) => url.searchParams.get(name)?.slice(0, 100) ?? '';
  return {
    deposits,
    check,
    prefill: { method: param('method'), reference: param('reference'), amount: param('amount') },
  };
}

async function paymentsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  try {
    const done = await adminCall(ReconcileDepositResultSchema, 'POST', '/deposits/reconcile', {
      body: {
        method: text(form, 'method'),
        reference: text(form, 'reference'),
        amount: text(form, 'amount'),
        bankTransactionId: text(form, 'bankTransactionId'),
      },
    });
    if (done.result === 'already_reconciled') {
      return { notice: 'This bank transaction was reconciled already: nothing changed.' };
    }
    return {
      notice: `${money(done.amount)} credited to ${done.customer?.name ?? 'the customer'} (${done.customer?.email ?? ''}).`,
    };
  } catch (error) {
    return refusal(error, request, 'reconcile');
  }
}

function reconcileLink(d: AdminBankDeposit): string {
  const params = new URLSearchParams({
    method: d.method,
    reference: d.reference,
    amount: d.amount.amount.toFixed(2),
  });
  return `?${params.toString()}#reconcile`;
}

function ReconcileForm({ prefill }: { prefill: Prefill }) {
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  // A new prefill (another line's link) starts the form again with its values.
  const key = `${prefill.method}-${prefill.reference}-${prefill.amount}`;
  return (
    <Form method="post" key={key} className="max-w-xl">
      <div className="mb-4">
        <SelectField
          id="reconcile-method"
          label="Method"
          name="method"
          options={METHODS}
          defaultValue={prefill.method === 'dd' ? 'dd' : 'bp'}
        />
      </div>
      <Field
        label="Reference the customer quoted"
        name="reference"
        defaultValue={prefill.reference}
        required
        maxLength={40}
        errors={errors.reference}
      />
      <Field
        label="Amount on the statement"
        name="amount"
        hint="In dollars, e.g. 50.00"
        inputMode="text"
        defaultValue={prefill.amount}
        required
        maxLength={32}
        errors={errors.amount}
      />
      <Field
        label="Bank transaction id"
        name="bankTransactionId"
        hint="From the statement line: it makes the credit once only"
        required
        maxLength={100}
        errors={errors.bankTransactionId}
      />
      <button type="submit" className="button-primary" disabled={busy}>
        Credit the deposit
      </button>
    </Form>
  );
}

function LedgerCheck({ check }: { check: LedgerCheckReport | null }) {
  if (!check) {
    return (
      <Form method="get">
        <input type="hidden" name="check" value="1" />
        <button type="submit" className="button-secondary">
          Run the ledger check
        </button>
      </Form>
    );
  }
  return (
    <>
      <p
        role="status"
        className={check.passed ? 'font-semibold text-green-900' : 'font-semibold text-red-900'}
      >
        {check.passed
          ? `All checks passed (${formatTime(check.checkedAt)}).`
          : `${check.checks.filter((c) => !c.passed).length} checks failed (${formatTime(check.checkedAt)}).`}
      </p>
      <ul className="mt-2 space-y-1">
        {check.checks.map((c) => (
          <li key={c.rule}>
            <strong>{c.passed ? 'OK' : 'FAILED'}</strong> {c.rule}
            {c.passed ? '' : `: ${c.failures}`}
            {c.examples.length > 0 ? (
              <pre className="mt-1 overflow-x-auto rounded-md bg-muted/20 p-2 text-xs">
                {c.examples.map((row) => JSON.stringify(row)).join('\n')}
              </pre>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Checked {check.counts.transfers} transfers, {check.counts.accounts} customer accounts,{' '}
        {check.counts.checkouts} checkouts and {check.counts.keys} idempotency keys.
      </p>
    </>
  );
}

function PaymentsPage() {
  const { deposits, check, prefill } = useLoaderData() as Loaded;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <PageTitle>Payments</PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <section aria-labelledby="awaiting" className="mb-8">
        <h2 id="awaiting" className="mb-2 text-xl font-semibold">
          Deposits waiting for the bank statement ({deposits.total})
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">BPAY and bank transfer deposits waiting, oldest first</caption>
            <TableHead columns={['Announced', 'Customer', 'Method', 'Reference', 'Amount', 'Reconcile']} />
            <tbody>
              {deposits.deposits.map((d) => (
                <tr key={d.id} className="border-t border-muted">
                  <td className="py-1 pr-3 whitespace-nowrap">{formatTime(d.createdAt)}</td>
                  <td className="py-1 pr-3">
                    <Link className="link" to={`/customers/${d.customer.id}`}>
                      {d.customer.name}
                    </Link>
                    <br />
                    <span className="text-muted">{d.customer.email}</span>
                  </td>
                  <td className="py-1 pr-3">{METHODS[d.method]}</td>
                  <td className="py-1 pr-3 font-mono">{d.reference}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{money(d.amount)}</td>
                  <td className="py-1">
                    <Link className="link" to={reconcileLink(d)}>
                      Fill the form
                      <span className="sr-only">
                        {' '}
                        with {d.reference}, {money(d.amount)}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PageLinks page={deposits.page} limit={deposits.limit} total={deposits.total} label="Deposit pages" />
      </section>
      <section aria-labelledby="reconcile" className="mb-8">
        <h2 id="reconcile" className="mb-2 text-xl font-semibold">
          Reconcile a statement line
        </h2>
        <ReconcileForm prefill={prefill} />
      </section>
      <section aria-labelledby="ledger">
        <h2 id="ledger" className="mb-2 text-xl font-semibold">
          Ledger check
        </h2>
        <LedgerCheck check={check} />
      </section>
    </>
  );
}

export const paymentsPage: AdminPage = {
  path: '/payments',
  label: 'Payments',
  role: 'finance',
  loader: paymentsLoader,
  action: paymentsAction,
  Component: PaymentsPage,
};
