/**
 * Documents a customer sends for an operator to review (`photo_id_upload`: a photo ID's front, its
 * back unless it is a passport, and a selfie; `pdf_form`: the signed and witnessed form): which files
 * a submission needs, which types and sizes are accepted, and what is wrong with a submission, as
 * field errors. The server reads a file's type from its bytes and its pixels from the image itself;
 * this file only judges what was found.
 */
import { ageOn, MINIMUM_REGISTRATION_AGE, parseIsoDate } from './age.ts';
import type { FieldError } from './validation-messages.ts';
import type { WinNotice } from './win-notice.ts';

export const DOCUMENT_METHODS = ['photo_id_upload', 'pdf_form'] as const;
export type DocumentMethod = (typeof DOCUMENT_METHODS)[number];

/**
 * The photo IDs accepted. A passport's details are all on its photo page, so it has no back; a
 * driver's licence or a proof-of-age card carries details (an address, a card number) on the back.
 */
export const PHOTO_DOCUMENT_TYPES = ['passport', 'drivers_licence', 'photo_card'] as const;
export type PhotoDocumentType = (typeof PHOTO_DOCUMENT_TYPES)[number];

export const DOCUMENT_FILE_KINDS = ['front', 'back', 'selfie', 'form'] as const;
export type DocumentFileKind = (typeof DOCUMENT_FILE_KINDS)[number];

export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

const EXTENSIONS: Record<DocumentContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The file name ending of a document's type (`bin` for none of them). */
export const documentExtension = (contentType: string): string =>
  EXTENSIONS[contentType as DocumentContentType] ?? 'bin';

/** The most bytes one file may have, enforced while it streams in. */
export const MAX_DOCUMENT_FILE_BYTES = 10 * 1024 * 1024;

/** An image's shorter side must have at least this many pixels: smaller cannot be read. */
export const MIN_DOCUMENT_IMAGE_SIDE = 480;

/** An image's pixels at most (a decompression bomb is refused before it is decoded). */
export const MAX_DOCUMENT_IMAGE_PIXELS = 40_000_000;

export const DOCUMENT_FILE_LABELS: Record<DocumentFileKind, string> = {
  front: 'Front of your ID',
  back: 'Back of your ID',
  selfie: 'Selfie holding your ID',
  form: 'Signed verification form',
};

export const PHOTO_DOCUMENT_LABELS: Record<PhotoDocumentType, string> = {
  passport: 'Passport',
  drivers_licence: 'Driver’s licence',
  photo_card: 'Proof-of-age or photo card',
};

/** What a file turned out to be: its type read from its bytes (null: none accepted), size, pixels. */
export type InspectedFile = {
  kind: string;
  contentType: DocumentContentType | null;
  bytes: number;
  /** Over MAX_DOCUMENT_FILE_BYTES: the rest of it was not read. */
  tooLarge: boolean;
  width: number | null;
  height: number | null;
};

export type Submission = {
  method: string;
  documentType: string;
  files: readonly InspectedFile[];
};

export type SubmissionErrors = Record<string, FieldError[]>;

export const isDocumentMethod = (value: string): value is DocumentMethod =>
  (DOCUMENT_METHODS as readonly string[]).includes(value);

const isPhotoDocumentType = (value: string): value is PhotoDocumentType =>
  (PHOTO_DOCUMENT_TYPES as readonly string[]).includes(value);

/** The files a submission must have (and may have: no other is taken). */
export function requiredFiles(method: DocumentMethod, documentType: string): DocumentFileKind[] {
  if (method === 'pdf_form') return ['form'];
  return documentType === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
}

/** Types a file of this kind may be: photos are JPEG or PNG; the form may also be a PDF. */
export function acceptedTypes(kind: DocumentFileKind): readonly DocumentContentType[] {
  return kind === 'form' ? DOCUMENT_CONTENT_TYPES : ['image/jpeg', 'image/png'];
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const typeWords = (kind: DocumentFileKind) =>
  kind === 'form' ? 'a JPEG or PNG photo, or a PDF' : 'a JPEG or PNG photo';

/** What is wrong with one file of a kind the submission takes, if anything. */
function fileProblem(kind: DocumentFileKind, file: InspectedFile): FieldError | undefined {
  if (file.tooLarge) {
    return {
      code: 'file_too_large',
      message: `This file is larger than ${megabytes(MAX_DOCUMENT_FILE_BYTES)}. Please send a smaller photo or scan.`,
    };
  }
  if (file.bytes === 0)
    return { code: 'required', message: `Please add the ${DOCUMENT_FILE_LABELS[kind].toLowerCase()}.` };
  if (file.contentType === null || !acceptedTypes(kind).includes(file.contentType)) {
    return {
      code: 'invalid_file_type',
      message: `This file is not ${typeWords(kind)}. Please choose ${typeWords(kind)}.`,
    };
  }
  if (file.contentType === 'application/pdf') return undefined;
  if (file.width === null || file.height === null) {
    return { code: 'unreadable_image', message: 'This image cannot be read. Please take the photo again.' };
  }
  if (file.width * file.height > MAX_DOCUMENT_IMAGE_PIXELS) {
    return {
      code: 'image_too_large',
      message: 'This image has too many pixels. Please send a smaller photo.',
    };
  }
  if (Math.min(file.width, file.height) < MIN_DOCUMENT_IMAGE_SIDE) {
    return {
      code: 'image_too_small',
      message: `This photo is too small to read (${file.width} × ${file.height} pixels; at least ${MIN_DOCUMENT_IMAGE_SIDE} on each side). Please take a closer, sharper photo.`,
    };
  }
  return undefined;
}

/**
 * Field errors of a submission (empty when it may be stored): the method, the document type of a
 * photo ID, each required file present once and acceptable, and no other file.
 */
export function submissionErrors(submission: Submission): SubmissionErrors {
  const errors: SubmissionErrors = {};
  const add = (field: string, error: FieldError) => {
    errors[field] = [...(errors[field] ?? []), error];
  };
  if (!isDocumentMethod(submission.method)) {
    add('method', {
      code: 'invalid_method',
      message: 'Choose how you send your documents: photo_id_upload or pdf_form.',
    });
    return errors;
  }
  if (submission.method === 'photo_id_upload' && !isPhotoDocumentType(submission.documentType)) {
    add('document_type', {
      code: submission.documentType === '' ? 'required' : 'invalid_document_type',
      message: 'Choose the ID you photograph: a passport, a driver’s licence or a photo card.',
    });
  }
  const needed = requiredFiles(submission.method, submission.documentType);
  for (const kind of needed) {
    const own = submission.files.filter((f) => f.kind === kind);
    const [file] = own;
    if (!file) {
      add(kind, { code: 'required', message: `Please add the ${DOCUMENT_FILE_LABELS[kind].toLowerCase()}.` });
      continue;
    }
    if (own.length > 1) add(kind, { code: 'too_many_files', message: 'Please send one file here.' });
    const problem = fileProblem(kind, file);
    if (problem) add(kind, problem);
  }
  for (const file of submission.files) {
    if ((needed as readonly string[]).includes(file.kind) || errors[file.kind]) continue;
    add(file.kind, {
      code: 'unexpected_file',
      message:
        file.kind === 'back'
          ? 'A passport has no back: send its photo page as the front.'
          : 'This file is not part of this kind of submission.',
    });
  }
  return errors;
}

export type ReviewWarning = {
  code: 'under_age' | 'earlier_mismatch' | 'invalid_date_of_birth';
  message: string;
};

/**
 * What an operator must see before deciding a submission: a customer under the minimum age (whom
 * nothing verifies), and earlier checks that found the name or date of birth different from the
 * account's (compare the document with the account's name). `today` and `dateOfBirth` are
 * `YYYY-MM-DD`.
 */
export function reviewWarnings(args: {
  dateOfBirth: string;
  today: string;
  minimumAge?: number;
  earlierFailures: readonly string[];
}): ReviewWarning[] {
  const warnings: ReviewWarning[] = [];
  const minimum = args.minimumAge ?? MINIMUM_REGISTRATION_AGE;
  const born = parseIsoDate(args.dateOfBirth);
  const today = parseIsoDate(args.today);
  if (!born || !today) {
    warnings.push({
      code: 'invalid_date_of_birth',
      message: `The account's date of birth (${args.dateOfBirth}) is not a date: it cannot be verified.`,
    });
  } else if (ageOn(born, today) < minimum) {
    warnings.push({
      code: 'under_age',
      message: `The customer is ${ageOn(born, today)}, under ${minimum}: they cannot be verified. Reject the submission.`,
    });
  }
  const mismatches = args.earlierFailures.filter((r) => MISMATCH_FAILURES.includes(r));
  if (mismatches.length > 0) {
    warnings.push({
      code: 'earlier_mismatch',
      message: `Earlier checks did not match the account's details (${[...new Set(mismatches)].join(', ')}): compare the name and date of birth on the document with the account's.`,
    });
  }
  return warnings;
}

const MISMATCH_FAILURES: readonly string[] = ['document_mismatch', 'partial_match', 'no_match'];

/** Whether an operator may approve: never for someone under the minimum age or without a real birth date. */
export const approvable = (warnings: readonly ReviewWarning[]): boolean =>
  !warnings.some((w) => w.code === 'under_age' || w.code === 'invalid_date_of_birth');

export const MANUAL_VERIFICATION_PATH = '/my-account/manual-verification';

/** What the customer is told when an operator rejects their documents: the operator's reason and what to do. */
export function documentsRejectedNotice(method: DocumentMethod, reason: string): WinNotice {
  const what = method === 'pdf_form' ? 'a new signed form' : 'new photos of your ID';
  return {
    title: 'We could not accept your documents',
    icon: 'shield-alert',
    message: `${reason.trim().replace(/\.?$/, '.')} Please send ${what}, or verify another way, on the Verify your account page.`,
    isAutoDismissed: false,
    actions: [{ id: 'verify', text: 'Send new documents', link: MANUAL_VERIFICATION_PATH, deepLink: null }],
  };
}
