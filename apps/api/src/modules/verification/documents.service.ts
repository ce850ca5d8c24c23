/**
 * A customer sending documents for review (`photo_id_upload`, `pdf_form`): the files checked (types
 * from their bytes, sizes, pixels: the domain's `submissionErrors`), their metadata stripped, kept by
 * the file storage (outside any transaction: a bucket is on the network), then the pending attempt
 * and its files recorded in one transaction. Anything refused after the files were stored removes
 * them again, so a refused submission leaves nothing behind.
 *
 * No step-up: sending documents changes nothing of the account and moves no money. An operator
 * compares every document and the selfie with the account's name and date of birth before anything
 * is verified, so someone holding a stolen session gains nothing by uploading, and a customer asked
 * for a code again at this point would only give up.
 */
import { randomUUID } from 'node:crypto';
import type { DocumentSubmissionResult } from '@drawhouse/contract';
import type { Database, Transaction, VerificationFileKind } from '@drawhouse/db';
import {
  type DocumentMethod,
  documentExtension,
  documentsRejectedNotice,
  submissionErrors,
  VERIFICATION_METHOD_INFO,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import type { FileStorage } from '../storage/index.ts';
import { documentsRepository, type FileRow, type SubmissionRow } from './documents.repository.ts';
import { type CheckedFile, type StoredFile, strippedFile } from './documents-inspect.ts';
import { verificationRepository } from './verification.repository.ts';
import type { VerificationService } from './verification.service.ts';

export type DocumentsDeps = {
  db: Database;
  storage: FileStorage;
  verification: VerificationService;
  now: () => Date;
};

type Customer = { id: string; verifiedAt: Date | null };
type Record = (
  work: (tx: Transaction) => Promise<DocumentSubmissionResult>,
) => Promise<DocumentSubmissionResult>;

export const PENDING_MESSAGE = (method: DocumentMethod) =>
  `Thank you: we have your ${method === 'pdf_form' ? 'signed form' : 'documents'}. ${VERIFICATION_METHOD_INFO[method].takes} We will tell you by email and in your notifications as soon as it is done.`;

const alreadyVerified = () =>
  new AppError(409, 'already_verified', 'Your account is already verified: there is nothing to send.');
const pendingAlready = () =>
  new AppError(
    409,
    'verification_pending',
    'Your documents are with our team already. We will tell you as soon as they are reviewed.',
  );

export function submissionView(
  attempt: SubmissionRow,
  files: readonly FileRow[],
  method: DocumentMethod,
): Omit<DocumentSubmissionResult, 'isVerified' | 'verification' | 'verificationRules'> {
  return {
    attemptId: attempt.id,
    method,
    status: attempt.status === 'pending' ? 'pending' : 'completed',
    outcome: attempt.outcome,
    submittedAt: attempt.createdAt.toISOString(),
    files: files.map((f) => ({
      id: f.id,
      kind: f.kind,
      contentType: f.contentType,
      bytes: f.bytes,
      width: f.width,
      height: f.height,
    })),
    message: messageOf(attempt, method),
  };
}

function messageOf(attempt: SubmissionRow, method: DocumentMethod): string {
  if (attempt.status === 'pending') return PENDING_MESSAGE(method);
  if (attempt.outcome === 'verified') return 'Your documents were accepted: your account is verified.';
  return documentsRejectedNotice(method, attempt.reviewNote ?? 'We could not accept these documents').message;
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export function createDocumentsService(deps: DocumentsDeps) {
  async function storeAll(customerId: string, files: readonly StoredFile[]) {
    const stored: { file: StoredFile; key: string }[] = [];
    try {
      for (const file of files) {
        const key = `verification/${customerId}/${randomUUID()}.${documentExtension(file.contentType)}`;
        await deps.storage.put(key, file.bytes, file.contentType);
        stored.push({ file, key });
      }
    } catch (error) {
      await removeAll(stored.map((s) => s.key));
      throw error;
    }
    return stored;
  }

  async function removeAll(keys: readonly string[]) {
    for (const key of keys) await deps.storage.remove(key);
  }

  return {
    /** The customer's own submissions, newest first (the last ten). */
    async submissions(customer: Customer) {
      const repo = documentsRepository(deps.db);
      const rows = await repo.submissionsOf(customer.id, 10);
      return Promise.all(
        rows.map(async (row) =>
          submissionView(
            row,
            await repo.filesOf(row.id),
            row.method === 'pdf_form' ? 'pdf_form' : 'photo_id_upload',
          ),
        ),
      );
    },

    /** One of the customer's own submissions; 404 for anyone else's (or none). */
    async submission(customer: Customer, attemptId: string) {
      const repo = documentsRepository(deps.db);
      const row = await repo.submission(attemptId);
      if (!row || row.customer.id !== customer.id) {
        throw new AppError(404, 'verification_not_found', 'There is no such submission of yours.');
      }
      const method = row.attempt.method === 'pdf_form' ? 'pdf_form' : 'photo_id_upload';
      return submissionView(row.attempt, await repo.filesOf(attemptId), method);
    },

    /**
     * Records a submission: 400 with field errors (nothing stored) when a file or field is wrong,
     * 409 when the customer is verified or has one pending for the method. `record` runs the
     * recording in a transaction (under the request's Idempotency-Key when it has one).
     */
    async submit(
      customer: Customer,
      sent: { fields: Readonly<Partial<globalThis.Record<string, string>>>; files: readonly CheckedFile[] },
      record: Record,
    ): Promise<DocumentSubmissionResult> {
      if (customer.verifiedAt) throw alreadyVerified();
      const method = sent.fields.method ?? '';
      const documentType = sent.fields.document_type ?? '';
      const errors = submissionErrors({ method, documentType, files: sent.files });
      if (Object.keys(errors).length > 0) {
        throw new AppError(
          400,
          'validation_error',
          'Some files cannot be accepted: nothing was stored.',
          errors,
        );
      }
      const documentMethod = method as DocumentMethod;
      const repo = documentsRepository(deps.db);
      if (await repo.pendingOf(customer.id, documentMethod)) throw pendingAlready();
      const files = await Promise.all(sent.files.map(strippedFile));
      const stored = await storeAll(customer.id, files);
      let recorded = false;
      try {
        const result = await record(async (tx) => {
          const locked = await verificationRepository(tx).lockCustomer(customer.id);
          if (!locked) throw new Error(`customer ${customer.id} vanished`);
          if (locked.verifiedAt) throw alreadyVerified();
          const written = await documentsRepository(tx).insertPending(
            {
              customerId: customer.id,
              method: documentMethod,
              documentType: documentMethod === 'photo_id_upload' ? documentType : null,
              now: deps.now(),
            },
            stored.map(({ file, key }) => ({
              kind: file.kind as VerificationFileKind,
              storageKey: key,
              contentType: file.contentType,
              bytes: file.bytes.length,
              width: file.width,
              height: file.height,
              sha256: file.sha256,
            })),
          );
          if (!written) throw pendingAlready();
          recorded = true;
          const overview = await deps.verification.overview(customer, tx);
          return { ...submissionView(written.attempt, written.files, documentMethod), ...overview };
        });
        // A request with the same key answered first: its files are the ones kept.
        if (!recorded) await removeAll(stored.map((s) => s.key));
        return result;
      } catch (error) {
        await removeAll(stored.map((s) => s.key));
        throw error;
      }
    },
  };
}
