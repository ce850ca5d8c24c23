/**
 * `customer:verification <email>`: the customer's identity checks, newest first: each attempt's
 * method, status, outcome and why it did not verify, what each identity source matched, and who
 * decided. Read only.
 */
import type { AdminVerificationAttempt } from '@drawhouse/contract';
import { verificationHistory } from '../../modules/verification/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';

const matched = (s: AdminVerificationAttempt['sources'][number]) =>
  `${s.source}: name ${s.name ? 'yes' : 'no'}, date of birth ${s.dateOfBirth ? 'yes' : 'no'}, address ${s.address ? 'yes' : 'no'}`;

function attemptLines(a: AdminVerificationAttempt): string[] {
  const state = a.status === 'completed' ? (a.outcome ?? a.status) : a.status;
  return [
    `${a.startedAt}\t${a.method}\t${state}${a.reason ? `\t${a.reason}` : ''}${a.decidedBy ? `\tby ${a.decidedBy}` : ''}`,
    ...(a.reasonText ? [`  why: ${a.reasonText}`] : []),
    ...(a.reviewNote ? [`  operator's reason: ${a.reviewNote}`] : []),
    ...a.sources.map((s) => `  ${matched(s)}`),
  ];
}

export const customerVerification: OperatorCommand = {
  name: 'customer:verification',
  usage: 'customer:verification <email>',
  summary:
    "shows a customer's identity checks and why each did not verify (under 18, details that did not match)",
  async run(ctx, args) {
    const email = required(this, args.positionals[0], 'the email');
    const history = await verificationHistory(ctx.db, { email });
    if (!history) throw new OperatorError(`no customer with the email ${email}`);
    const { customer } = history;
    ctx.out(
      `${customer.name} <${customer.email}>, born ${customer.dateOfBirth}: ${customer.verifiedAt ? `verified ${customer.verifiedAt}` : 'not verified'}`,
    );
    for (const attempt of history.attempts) for (const line of attemptLines(attempt)) ctx.out(line);
    ctx.out(`${history.attempts.length} check${history.attempts.length === 1 ? '' : 's'}`);
    return 0;
  },
};
