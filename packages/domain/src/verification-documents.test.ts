import { describe, expect, it } from 'vitest';
import {
  approvable,
  documentsRejectedNotice,
  type InspectedFile,
  MAX_DOCUMENT_FILE_BYTES,
  MIN_DOCUMENT_IMAGE_SIDE,
  requiredFiles,
  reviewWarnings,
  submissionErrors,
} from './verification-documents.ts';

const photo = (kind: string, overrides: Partial<InspectedFile> = {}): InspectedFile => ({
  kind,
  contentType: 'image/jpeg',
  bytes: 120_000,
  tooLarge: false,
  width: 1600,
  height: 1000,
  ...overrides,
});

const licenceSet = [photo('front'), photo('back'), photo('selfie', { contentType: 'image/png' })];

const codes = (errors: Record<string, { code: string }[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((e) => e.code)]));

describe('requiredFiles', () => {
  it('asks a licence or a card for front, back and selfie, a passport for front and selfie, the form alone', () => {
    expect(requiredFiles('photo_id_upload', 'drivers_licence')).toEqual(['front', 'back', 'selfie']);
    expect(requiredFiles('photo_id_upload', 'photo_card')).toEqual(['front', 'back', 'selfie']);
    expect(requiredFiles('photo_id_upload', 'passport')).toEqual(['front', 'selfie']);
    expect(requiredFiles('pdf_form', '')).toEqual(['form']);
  });
});

describe('submissionErrors', () => {
  it('takes a licence photographed front and back with a selfie, in JPEG or PNG', () => {
    expect(
      submissionErrors({ method: 'photo_id_upload', documentType: 'drivers_licence', files: licenceSet }),
    ).toEqual({});
  });

  it('takes a passport without a back, and refuses a back sent with one', () => {
    const passport = [photo('front'), photo('selfie')];
    expect(
      submissionErrors({ method: 'photo_id_upload', documentType: 'passport', files: passport }),
    ).toEqual({});
    const withBack = submissionErrors({
      method: 'photo_id_upload',
      documentType: 'passport',
      files: [...passport, photo('back')],
    });
    expect(codes(withBack)).toEqual({ back: ['unexpected_file'] });
  });

  it('names each missing file, an unknown method and a missing document type', () => {
    expect(
      codes(submissionErrors({ method: 'photo_id_upload', documentType: '', files: [photo('front')] })),
    ).toEqual({ document_type: ['required'], back: ['required'], selfie: ['required'] });
    expect(codes(submissionErrors({ method: 'fax', documentType: '', files: [] }))).toEqual({
      method: ['invalid_method'],
    });
  });

  it('refuses a file that is not an image, one too large, too small or too many pixels, each under its field', () => {
    const errors = submissionErrors({
      method: 'photo_id_upload',
      documentType: 'drivers_licence',
      files: [
        photo('front', { contentType: null }),
        photo('back', { tooLarge: true, bytes: MAX_DOCUMENT_FILE_BYTES }),
        photo('selfie', { width: 640, height: MIN_DOCUMENT_IMAGE_SIDE - 1 }),
      ],
    });
    expect(codes(errors)).toEqual({
      front: ['invalid_file_type'],
      back: ['file_too_large'],
      selfie: ['image_too_small'],
    });
    expect(errors.back?.[0]?.message).toContain('10 MB');
    const huge = submissionErrors({
      method: 'photo_id_upload',
      documentType: 'passport',
      files: [
        photo('front', { width: 10_000, height: 9_000 }),
        photo('selfie', { width: null, height: null }),
      ],
    });
    expect(codes(huge)).toEqual({ front: ['image_too_large'], selfie: ['unreadable_image'] });
  });

  it('refuses a PDF as a photo, takes it as the form; a second file in one field is refused', () => {
    const pdf = photo('front', { contentType: 'application/pdf', width: null, height: null });
    expect(
      codes(
        submissionErrors({
          method: 'photo_id_upload',
          documentType: 'passport',
          files: [pdf, photo('selfie')],
        }),
      ),
    ).toEqual({ front: ['invalid_file_type'] });
    expect(
      submissionErrors({ method: 'pdf_form', documentType: '', files: [{ ...pdf, kind: 'form' }] }),
    ).toEqual({});
    expect(
      codes(
        submissionErrors({ method: 'pdf_form', documentType: '', files: [photo('form'), photo('form')] }),
      ),
    ).toEqual({ form: ['too_many_files'] });
  });
});

describe('reviewWarnings', () => {
  it('warns of a customer under 18 and refuses their approval', () => {
    const warnings = reviewWarnings({ dateOfBirth: '2010-03-01', today: '2026-11-27', earlierFailures: [] });
    expect(warnings.map((w) => w.code)).toEqual(['under_age']);
    expect(warnings[0]?.message).toContain('16');
    expect(approvable(warnings)).toBe(false);
  });

  it('warns of earlier checks that did not match the name or birth date, still approvable', () => {
    const warnings = reviewWarnings({
      dateOfBirth: '1990-05-17',
      today: '2026-11-27',
      earlierFailures: ['document_mismatch', 'document_mismatch', 'under_age'],
    });
    expect(warnings.map((w) => w.code)).toEqual(['earlier_mismatch']);
    expect(warnings[0]?.message).toContain('document_mismatch');
    expect(approvable(warnings)).toBe(true);
    expect(reviewWarnings({ dateOfBirth: '1990-05-17', today: '2026-11-27', earlierFailures: [] })).toEqual(
      [],
    );
  });
});

describe('documentsRejectedNotice', () => {
  it("gives the operator's reason and what to send next", () => {
    const notice = documentsRejectedNotice('photo_id_upload', 'The photo of the front is blurred');
    expect(notice.message).toBe(
      'The photo of the front is blurred. Please send new photos of your ID, or verify another way, on the Verify your account page.',
    );
    expect(notice.actions[0]?.link).toBe('/my-account/manual-verification');
    expect(documentsRejectedNotice('pdf_form', 'No witness signed.').message).toContain('a new signed form');
  });
});
