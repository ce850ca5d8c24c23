/**
 * `verification:show <id> [--save <dir>]`: a document submission with the customer's details to
 * compare with the documents, what must not be missed (under 18, earlier checks that did not match),
 * and its files (read through GET /admin/verifications/<id>/files/<file id> with the operator's token,
 * or with `--save`, as an operator of a token, copied from the file storage into a folder, readable by
 * its owner only).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminVerification } from '@drawhouse/contract';
import { documentExtension } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fileStorageOf, loadStorageConfig } from '../../modules/storage/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';
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
  usage: 'verification:show <id> [--save <dir> --token <token>]',
  summary:
    "shows a document submission, the customer's details to compare and any warning (under 18, earlier mismatches); --save copies its files into a folder",
  options: { save: { type: 'string' }, ...TOKEN_OPTION },
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the submission id');
    const review = reviewOf(ctx);
    const shown = await reviewing(() => review.show(id));
    for (const line of submissionLines(shown)) ctx.out(line);
    if (args.values.save === undefined) return 0;
    const dir = path.resolve(required(this, args.values.save, '--save <dir>'));
    await actingOperator(ctx, args);
    const storage = fileStorageOf(loadStorageConfig(ctx.env));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const f of shown.files) {
      const file = await reviewing(() => review.file(storage, id, f.id));
      const saved = path.join(dir, `${id}-${file.kind}.${documentExtension(file.contentType)}`);
      await writeFile(saved, file.bytes, { mode: 0o600 });
      ctx.out(`saved ${saved}`);
    }
    return 0;
  },
};
