/**
 * `verification:show <id>`: a document submission with the customer's details to compare with the
 * documents, what must not be missed (under 18, earlier checks that did not match), and its files
 * (read through GET /admin/verifications/<id>/files/<file id> with the operator's token).
 */
import type { AdminVerification } from '@drawhouse/contract';
import { AppError } from '../../http/errors.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';
import { reviewOf } from './verification-review.ts';

export function submissionLines(v: AdminVerification): string[] {
  const lines = [
    `submission ${v.id}: ${v.method}${v.documentType ? ` (${v.documentType})` : ''}, sent ${v.submittedAt}`,
    `status: ${v.status}${v.outcome ? `, ${v.outcome}` : ''}${v.reviewedBy ? ` by ${v.reviewedBy} at ${v.reviewedAt}` : ''}`,
    ...(v.reviewNote ? [`reason given: ${v.reviewNote}`] : []),
    `customer: ${v.customer.name} <${v.customer.email}> (${v.customer.id})${v.customer.verified ? ', verified' : ''}`,
    `date of birth: ${v.customer.dateOfBirth}${v.customer.age === null ? '' : ` (age ${v.customer.age})`}`,
    `address: ${v.customer.address}`,
    ...v.warnings.map((w) => `WARNING ${w.code}: ${w.message}`),
    'files:',
    ...v.files.map(
      (f) =>
        `  ${f.kind}\t${f.contentType}\t${f.bytes} bytes${f.width ? `\t${f.width}x${f.height}` : ''}\tGET /admin/verifications/${v.id}/files/${f.id}`,
    ),
  ];
  return lines;
}

/** Runs a review call, an expected refusal (unknown id, decided already) printed as the command's error. */
export async function reviewing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new OperatorError(error.message);
    throw error;
  }
}

export const verificationShow: OperatorCommand = {
  name: 'verification:show',
  usage: 'verification:show <id>',
  summary:
    "shows a document submission, the customer's details to compare and any warning (under 18, earlier mismatches)",
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the submission id');
    const shown = await reviewing(() => reviewOf(ctx).show(id));
    for (const line of submissionLines(shown)) ctx.out(line);
    return 0;
  },
};
