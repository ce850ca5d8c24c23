/**
 * `/draws/:offer/:drawNo` (results): one draw as the results desk sees it: its state and sales, close
 * early (confirmed in a dialog), the results form built from the game's number sets, the entries
 * (blind: another operator's figures are never shown before they are published), the reconciliation
 * report, and the held prizes with their release (finance; two operators over the limit).
 */
import {
  type DrawCheckReport,
  DrawCheckReportSchema,
  type DrawDetail,
  DrawDetailSchema,
  HeldReleaseSchema,
  type ResultField,
  ResultsEntryAnswerSchema,
} from '@drawhouse/contract';
import type { ReactNode } from 'react';
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
import { hasRole, useSession } from '../lib/session';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, formatTime, Notice, PageTitle, TableHead } from '../ui';
import { ConfirmButton, money, statusWords } from './draw-parts';

type Loaded = { detail: DrawDetail; check: DrawCheckReport };

const drawApi = (params: LoaderFunctionArgs['params']) =>
  `/draws/${encodeURIComponent(params.offer ?? '')}/${encodeURIComponent(params.drawNo ?? '')}`;

async function drawLoader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  const signal = request.signal;
  const [detail, check] = await Promise.all([
    adminCall(DrawDetailSchema, 'GET', drawApi(params), { signal }),
    adminCall(DrawCheckReportSchema, 'GET', `${drawApi(params)}/check`, { signal }),
  ]);
  return { detail, check };
}

/** "1, 2 3": the numbers an operator typed; a word that is not a number is kept for the API to name. */
function numbersOf(value: string): number[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

/** "3=60000, 4=120.50": prizes per winning game by division, in dollars. */
function prizesOf(value: string): Record<string, { amount: number; currency: string }> | undefined {
  if (!value) return undefined;
  const prizes: Record<string, { amount: number; currency: string }> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [division, amount] = part.split('=').map((s) => s.trim());
    prizes[division ?? ''] = { amount: Number(amount), currency: 'AUD' };
  }
  return prizes;
}

async function drawAction({ request, params }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  try {
    if (intent === 'close') {
      await adminCall(DrawDetailSchema, 'POST', `${drawApi(params)}/close`);
      return { intent, notice: 'The draw is closed: no more sales. Results can be entered now.' };
    }
    if (intent === 'results') {
      const body: Record<string, unknown> = { numbers: numbersOf(text(form, 'numbers')) };
      for (const field of ['supplementary', 'powerball']) {
        if (form.has(field)) body[field] = numbersOf(text(form, field));
      }
      const prizes = prizesOf(text(form, 'prizes'));
      if (prizes) body.prizes = prizes;
      const answer = await adminCall(ResultsEntryAnswerSchema, 'POST', `${drawApi(params)}/results`, {
        body,
      });
      if (answer.published)
        return { intent, notice: 'Your entry matches the waiting one: the results are published.' };
      if (answer.voidedOperators.length > 0) {
        return {
          intent,
          error: `Your entry does not match the waiting one: both are void and nothing is published. The next entry must come from an operator other than ${answer.voidedOperators.join(' and ')}.`,
        };
      }
      return { intent, notice: 'Your entry is recorded: it waits for a second operator’s entry.' };
    }
    if (intent === 'prizes') {
      const prizes: Record<string, { amount: number; currency: string }> = {};
      for (const [name, value] of form.entries()) {
        const division = /^division-(\d+)$/.exec(name)?.[1];
        if (division && typeof value === 'string')
          prizes[division] = { amount: Number(value), currency: 'AUD' };
      }
      const answer = await adminCall(ResultsEntryAnswerSchema, 'POST', `${drawApi(params)}/prizes`, {
        body: { prizes },
      });
      if (answer.published)
        return { intent, notice: 'Your prizes match the waiting entry: the winners are paid.' };
      if (answer.voidedOperators.length > 0) {
        return {
          intent,
          error: `Your prizes do not match the waiting entry: both are void. The next entry must come from an operator other than ${answer.voidedOperators.join(' and ')}.`,
        };
      }
      return { intent, notice: 'Your prizes are recorded: they wait for a second operator’s entry.' };
    }
    if (intent === 'release') {
      const answer = await adminCall(HeldReleaseSchema, 'POST', `${drawApi(params)}/release`);
      return {
        intent,
        notice:
          answer.outcome === 'released'
            ? `${money(answer.total)} released and paid.`
            : `Your approval of ${money(answer.total)} is recorded: a second finance operator releases it.`,
      };
    }
    return { error: 'Unknown action.' };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

function fieldHint(f: ResultField): string {
  return `${f.count} ${f.count === 1 ? 'number' : 'numbers'} from ${f.first} to ${f.last}${f.field === 'numbers' ? ', in the order drawn' : ''}, separated by spaces or commas`;
}

const fieldLabel = (f: ResultField) => f.label.charAt(0).toUpperCase() + f.label.slice(1);

function ResultsForm({ fields }: { fields: ResultField[] }) {
  const result = useActionData() as ActionResult | undefined;
  const errors = result?.intent === 'results' ? result.fieldErrors : undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" aria-labelledby="results-heading">
      <input type="hidden" name="intent" value="results" />
      {fields.map((f) => (
        <Field
          key={f.field}
          label={fieldLabel(f)}
          name={f.field}
          hint={fieldHint(f)}
          required
          autoComplete="off"
          errors={errors?.[f.field]}
        />
      ))}
      <Field
        label="Prizes by division (optional)"
        name="prizes"
        hint="The prize per winning game the lottery announced, in dollars: 3=60000, 4=120.50. A division left out waits for its prize."
        autoComplete="off"
        errors={
          errors
            ? Object.entries(errors)
                .filter(([k]) => k.startsWith('prizes'))
                .flatMap(([, v]) => v)
            : undefined
        }
      />
      <button type="submit" className="button-primary" disabled={busy}>
        Enter the results
      </button>
    </Form>
  );
}

function PrizesForm({ divisions }: { divisions: number[] }) {
  const result = useActionData() as ActionResult | undefined;
  const errors = result?.intent === 'prizes' ? result.fieldErrors : undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="prizes" />
      {divisions.map((d) => (
        <Field
          key={d}
          label={`Division ${d} prize ($)`}
          name={`division-${d}`}
          hint="The prize per winning game the lottery announced, in dollars"
          inputMode="text"
          required
          autoComplete="off"
          errors={errors?.[`prizes.${d}`]}
        />
      ))}
      <button type="submit" className="button-primary" disabled={busy}>
        Enter the prizes
      </button>
    </Form>
  );
}

function Figures({ entry }: { entry: DrawDetail['entries'][number] }) {
  if (!entry.numbers) return <span className="text-muted">Hidden until published</span>;
  const sets = Object.entries(entry.numbers).map(([name, balls]) => `${name}: ${balls.join(', ')}`);
  if (entry.supplementary && entry.supplementary.length > 0)
    sets.push(`Supplementary: ${entry.supplementary.join(', ')}`);
  return <span>{sets.join('; ')}</span>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2 py-1">
      <dt className="font-semibold">{label}</dt>
      {children}
    </div>
  );
}

function DrawPage() {
  const { detail, check } = useLoaderData() as Loaded;
  const result = useActionData() as ActionResult | undefined;
  const session = useSession();
  const { draw, held } = detail;
  const mine = detail.entries.find(
    (e) => e.operator === session.operator.name && e.kind === 'results' && e.status === 'pending',
  );
  const finance = hasRole(session, 'finance');
  return (
    <>
      <p className="mb-2">
        <Link className="link" to="/draws">
          Draws
        </Link>
      </p>
      <PageTitle>
        {detail.offerName} draw {draw.drawNo}
      </PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <dl className="mb-6">
        <Row label="Status">
          <dd data-testid="draw-status">{statusWords(draw.status)}</dd>
        </Row>
        <Row label="Entries close">
          <dd>{formatTime(draw.stopAt)}</dd>
        </Row>
        <Row label="Draw time">
          <dd>{formatTime(draw.drawAt)}</dd>
        </Row>
        <Row label="Sold">
          <dd>
            {plural(detail.sales.tickets, 'ticket')}, {plural(detail.sales.games, 'game')}
          </dd>
        </Row>
        {detail.result ? (
          <Row label="Results">
            <dd data-testid="draw-result">
              {Object.entries(detail.result.numbers)
                .map(([name, balls]) => `${name}: ${balls.join(', ')}`)
                .join('; ')}
              {detail.result.supplementary.length > 0
                ? `; Supplementary: ${detail.result.supplementary.join(', ')}`
                : ''}
            </dd>
          </Row>
        ) : null}
      </dl>

      {draw.status === 'DRAW_OPEN' ? (
        <section aria-labelledby="close-heading" className="mb-8">
          <h2 id="close-heading" className="mb-2 text-xl font-semibold">
            Close early
          </h2>
          <p className="mb-2">Closing stops every sale of this draw now, before {formatTime(draw.stopAt)}.</p>
          <Form method="post" id="close-draw">
            <input type="hidden" name="intent" value="close" />
          </Form>
          <ConfirmButton
            label="Close this draw now"
            title="Close the draw now?"
            confirmLabel="Close the draw"
            formId="close-draw"
            danger
          >
            No more tickets are sold for {detail.offerName} draw {draw.drawNo}. This cannot be undone.
          </ConfirmButton>
        </section>
      ) : null}

      {draw.status === 'DRAW_CLOSED' && detail.resultFields.length > 0 ? (
        <section aria-labelledby="results-heading" className="mb-8">
          <h2 id="results-heading" className="mb-2 text-xl font-semibold">
            Enter the results
          </h2>
          {mine ? (
            <p data-testid="entry-waiting">
              Your entry waits for a second operator’s entry, made blind from the source.
            </p>
          ) : (
            <>
              <p className="mb-2 text-muted">
                Enter them from the lottery’s official source. A second operator enters them too, without
                seeing yours: they are published when both match.
              </p>
              <ResultsForm fields={detail.resultFields} />
            </>
          )}
        </section>
      ) : null}

      {detail.prizesAwaited.length > 0 ? (
        <section aria-labelledby="prizes-heading" className="mb-8">
          <h2 id="prizes-heading" className="mb-2 text-xl font-semibold">
            Enter the awaited prizes
          </h2>
          {detail.entries.some(
            (e) => e.operator === session.operator.name && e.kind === 'prizes' && e.status === 'pending',
          ) ? (
            <p>Your prizes wait for a second operator’s entry, made blind from the source.</p>
          ) : (
            <>
              <p className="mb-2 text-muted">
                These divisions won without a known prize: their winners wait until two operators enter the
                same prizes.
              </p>
              <PrizesForm divisions={detail.prizesAwaited} />
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="entries-heading" className="mb-8">
        <h2 id="entries-heading" className="mb-2 text-xl font-semibold">
          Entries
        </h2>
        {detail.entries.length === 0 ? <p className="text-muted">No entry yet.</p> : null}
        {detail.entries.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The operators’ entries of this draw</caption>
            <TableHead columns={['Operator', 'Kind', 'Status', 'Figures', 'Entered']} />
            <tbody>
              {detail.entries.map((e) => (
                <tr key={e.id} className="border-t border-muted">
                  <td className="py-1 pr-3">{e.operator}</td>
                  <td className="pr-3">{e.kind}</td>
                  <td className="pr-3">{e.status}</td>
                  <td className="pr-3">
                    <Figures entry={e} />
                  </td>
                  <td>{formatTime(e.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      <section aria-labelledby="held-heading" className="mb-8">
        <h2 id="held-heading" className="mb-2 text-xl font-semibold">
          Held prizes
        </h2>
        {held.count === 0 ? (
          <p className="text-muted">No prize waits for approval.</p>
        ) : (
          <>
            <p data-testid="held-summary" className="mb-2">
              {held.count} {held.count === 1 ? 'prize' : 'prizes'} held, {money(held.total)} together.
              {held.secondApprovalNeeded
                ? ' Over the second-approval limit: two finance operators release them.'
                : ''}
              {held.firstApprovedBy
                ? ` Approved by ${held.firstApprovedBy} (${formatTime(held.firstApprovedAt)}): a second finance operator releases them.`
                : ''}
            </p>
            {finance ? (
              <Form method="post">
                <input type="hidden" name="intent" value="release" />
                <button type="submit" className="button-primary">
                  {held.firstApprovedBy
                    ? 'Approve and release'
                    : held.secondApprovalNeeded
                      ? 'Approve the release'
                      : 'Release the prizes'}
                </button>
              </Form>
            ) : (
              <p className="text-muted">A finance operator releases them.</p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="check-heading" className="mb-8">
        <h2 id="check-heading" className="mb-2 text-xl font-semibold">
          Reconciliation
        </h2>
        <p className="mb-2" data-testid="check-summary">
          {check.ok ? 'Every check passes.' : 'Some checks do not pass yet.'}
        </p>
        <ul className="list-none">
          {check.lines.map((line) => (
            <li key={line.rule} className="py-0.5">
              <strong>{line.ok ? 'OK' : 'Not yet'}</strong> {line.rule}: {line.detail}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const drawPage: AdminPage = {
  path: '/draws/:offer/:drawNo',
  label: 'Draw',
  inNav: false,
  role: 'results',
  loader: drawLoader,
  action: drawAction,
  Component: DrawPage,
};
