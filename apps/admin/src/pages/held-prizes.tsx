/**
 * `/prizes` (finance): every draw holding prizes for approval, with its first approval, and the
 * release: up to the second-approval limit one operator releases; over it a first approval is
 * recorded and a second, different finance operator releases them.
 */
import { type HeldPrizesList, HeldPrizesListSchema, HeldReleaseSchema } from '@drawhouse/contract';
import { type ActionFunctionArgs, Form, useActionData, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, formatTime, Notice, PageTitle, TableHead } from '../ui';
import { money } from './draw-parts';

async function heldLoader() {
  return adminCall(HeldPrizesListSchema, 'GET', '/prizes/held');
}

async function heldAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const offer = encodeURIComponent(text(form, 'offer'));
  const drawNo = encodeURIComponent(text(form, 'drawNo'));
  try {
    const answer = await adminCall(HeldReleaseSchema, 'POST', `/draws/${offer}/${drawNo}/release`);
    return {
      intent: 'release',
      notice:
        answer.outcome === 'released'
          ? `${money(answer.total)} of draw ${text(form, 'drawNo')} released and paid.`
          : `Your approval of ${money(answer.total)} (draw ${text(form, 'drawNo')}) is recorded: a second finance operator releases it.`,
    };
  } catch (error) {
    return refusal(error, request, 'release');
  }
}

function HeldPrizesPage() {
  const held = useLoaderData() as HeldPrizesList;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <PageTitle>Held prizes</PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <p className="mb-4 text-muted">
        A draw’s held prizes over {money(held.secondApprovalLimit)} together are released by two different
        finance operators.
      </p>
      {held.draws.length === 0 ? <p>No prize waits for approval.</p> : null}
      {held.draws.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Draws holding prizes for approval</caption>
          <TableHead columns={['Draw', 'Held', 'Total', 'First approval', 'Release']} />
          <tbody>
            {held.draws.map((d) => (
              <tr key={`${d.draw.offerKey}-${d.draw.drawNo}`} className="border-t border-muted">
                <td className="py-1 pr-3">
                  {d.offerName} draw {d.draw.drawNo}
                </td>
                <td className="pr-3">{d.count}</td>
                <td className="pr-3">{money(d.total)}</td>
                <td className="pr-3">
                  {d.firstApprovedBy
                    ? `${d.firstApprovedBy}, ${formatTime(d.firstApprovedAt)}`
                    : d.secondApprovalNeeded
                      ? 'None yet (two needed)'
                      : 'One is enough'}
                </td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="offer" value={d.draw.offerKey} />
                    <input type="hidden" name="drawNo" value={d.draw.drawNo} />
                    <button
                      type="submit"
                      className="button-primary"
                      aria-label={`${d.firstApprovedBy || !d.secondApprovalNeeded ? 'Release' : 'Approve'} the prizes of ${d.offerName} draw ${d.draw.drawNo}`}
                    >
                      {d.firstApprovedBy || !d.secondApprovalNeeded ? 'Release' : 'Approve'}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

export const heldPrizesPage: AdminPage = {
  path: '/prizes',
  label: 'Held prizes',
  role: 'finance',
  loader: heldLoader,
  action: heldAction,
  Component: HeldPrizesPage,
};
