/**
 * Sending identity documents for review (/my-account/manual-verification): the photo ID form (the
 * ID's type, its front, its back unless a passport, a selfie) and the signed paper form. Photos are
 * made smaller in the browser before they are sent (browser-image-compression, loaded when the
 * customer sends: the page does not carry it until then); a file it cannot read (not an image at all)
 * is sent as it is and the server says what is wrong with it under its field.
 */
import {
  DOCUMENT_FILE_LABELS,
  MAX_DOCUMENT_FILE_BYTES,
  PHOTO_DOCUMENT_LABELS,
  PHOTO_DOCUMENT_TYPES,
} from '@drawhouse/domain';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type FetcherWithComponents, Link } from 'react-router';
import { FieldError, FormAlert, SubmitButton, useFocusFirstError } from '../../components/form';
import type { FieldErrors, FormResult } from '../../lib/forms';

/** Where the filled form is downloaded from (the storefront asks the API for it). */
export const VERIFICATION_FORM_PDF_PATH = '/my-account/manual-verification/form.pdf';

const PHOTO_ACCEPT = 'image/jpeg,image/png';
const FORM_ACCEPT = 'image/jpeg,image/png,application/pdf';

/** Photos are sent at most this long on their longer side, and about this many megabytes. */
const MAX_SIDE = 2400;
const TARGET_MB = 1.5;

const tooLarge = () =>
  `This file is larger than ${Math.round(MAX_DOCUMENT_FILE_BYTES / (1024 * 1024))} MB. Please choose a smaller photo or scan.`;

/** A photo made smaller for sending; anything it cannot read is sent as chosen. */
async function compressed(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const smaller = await imageCompression(file, {
      maxSizeMB: TARGET_MB,
      maxWidthOrHeight: MAX_SIDE,
      // In this page's own thread: the library's worker would load its code from a CDN.
      useWebWorker: false,
    });
    return new File([smaller], file.name, { type: smaller.type || file.type });
  } catch {
    return file;
  }
}

/**
 * The form's fields with every chosen photo made smaller; field errors for files too large even so
 * (nothing is sent then).
 */
async function preparedForm(form: HTMLFormElement): Promise<{ data: FormData; errors: FieldErrors }> {
  const data = new FormData();
  const errors: FieldErrors = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') {
      data.append(name, value);
      continue;
    }
    if (value.size === 0) continue;
    const file = await compressed(value);
    if (file.size > MAX_DOCUMENT_FILE_BYTES) errors[name] = tooLarge();
    else data.append(name, file, file.name);
  }
  return { data, errors };
}

type Fetcher = FetcherWithComponents<FormResult | undefined>;

/** Sends a document form through `fetcher` as multipart, photos compressed first. */
export function useDocumentSubmit(fetcher: Fetcher) {
  const [preparing, setPreparing] = useState(false);
  const [localErrors, setLocalErrors] = useState<FieldErrors | undefined>();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPreparing(true);
    try {
      const { data, errors } = await preparedForm(event.currentTarget);
      if (Object.keys(errors).length > 0) {
        setLocalErrors(errors);
        return;
      }
      setLocalErrors(undefined);
      await fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' });
    } finally {
      setPreparing(false);
    }
  }
  const answered = fetcher.state === 'idle' ? fetcher.data : undefined;
  return {
    onSubmit,
    busy: preparing || fetcher.state !== 'idle',
    errors: localErrors ?? answered?.errors,
  };
}

function FileField({
  name,
  hint,
  accept,
  error,
  testId,
}: {
  name: keyof typeof DOCUMENT_FILE_LABELS;
  hint: string;
  accept: string;
  error?: string;
  testId: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-semibold">
        {DOCUMENT_FILE_LABELS[name]}
      </label>
      <p id={hintId} className="text-sm text-muted">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="mt-1 block w-full rounded-md border border-black/40 bg-page px-3 py-2 text-ink aria-[invalid=true]:border-red-700"
        data-testid={testId}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A document form: sent as multipart through `fetcher`, photos compressed first, errors focused. */
function DocumentForm({
  fetcher,
  method,
  heading,
  testId,
  className,
  submit,
  children,
}: {
  fetcher: Fetcher;
  method: 'photo_id_upload' | 'pdf_form';
  heading: string;
  testId: string;
  className: string;
  submit: { label: string; testId: string };
  children: (errors: FieldErrors) => ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const { onSubmit, busy, errors = {} } = useDocumentSubmit(fetcher);
  useFocusFirstError(formRef, errors);
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      data-testid={testId}
      className={className}
    >
      <h2 id={headingId} className="text-xl font-bold">
        {heading}
      </h2>
      <input type="hidden" name="method" value={method} />
      {children(errors)}
      <FormAlert error={errors.general ?? errors.method} />
      <SubmitButton busy={busy} label={submit.label} busyLabel="Sending..." testId={submit.testId} />
    </fetcher.Form>
  );
}

/** The photo ID: which ID, its front, its back (not for a passport) and a selfie holding it. */
export function PhotoIdForm({ fetcher }: { fetcher: Fetcher }) {
  const [documentType, setDocumentType] = useState('drivers_licence');
  return (
    <DocumentForm
      fetcher={fetcher}
      method="photo_id_upload"
      heading="Upload a photo ID"
      testId="photo-id-form"
      className="mt-4"
      submit={{ label: 'Send my photos', testId: 'photo-id-submit' }}
    >
      {(errors) => (
        <>
          <p className="mt-1">
            Take clear photos in good light, with all four corners of the ID in view and nothing covering it.
            We make them smaller before they are sent; JPEG or PNG, up to 10 MB each.
          </p>
          <fieldset
            className="mt-4"
            aria-describedby={errors.documentType ? 'document-type-error' : undefined}
          >
            <legend className="font-semibold">Which ID are you photographing?</legend>
            {PHOTO_DOCUMENT_TYPES.map((type) => (
              <label key={type} className="mt-2 flex items-center gap-2">
                <input
                  type="radio"
                  name="document_type"
                  value={type}
                  checked={documentType === type}
                  onChange={() => setDocumentType(type)}
                  aria-invalid={errors.documentType ? true : undefined}
                />
                {PHOTO_DOCUMENT_LABELS[type]}
              </label>
            ))}
            <FieldError id="document-type-error" error={errors.documentType} />
          </fieldset>
          <FileField
            name="front"
            hint={
              documentType === 'passport'
                ? 'The page with your photo and details.'
                : 'The side with your photo.'
            }
            accept={PHOTO_ACCEPT}
            error={errors.front}
            testId="photo-front"
          />
          {documentType === 'passport' ? null : (
            <FileField
              name="back"
              hint="The other side, with your address or card number."
              accept={PHOTO_ACCEPT}
              error={errors.back}
              testId="photo-back"
            />
          )}
          <FileField
            name="selfie"
            hint="A photo of your face holding the same ID next to it."
            accept={PHOTO_ACCEPT}
            error={errors.selfie}
            testId="photo-selfie"
          />
        </>
      )}
    </DocumentForm>
  );
}

/** The paper form: download it filled, print, sign before a witness, upload it. */
export function PaperForm({ fetcher }: { fetcher: Fetcher }) {
  return (
    <DocumentForm
      fetcher={fetcher}
      method="pdf_form"
      heading="Or send our signed paper form"
      testId="paper-form"
      className="mt-8"
      submit={{ label: 'Send my signed form', testId: 'paper-form-submit' }}
    >
      {(errors) => (
        <>
          <ol className="mt-2 list-decimal pl-6">
            <li>
              <Link
                to={VERIFICATION_FORM_PDF_PATH}
                reloadDocument
                download
                className="link"
                data-testid="form-pdf-link"
              >
                Download your verification form (PDF)
              </Link>
              , already filled with your details.
            </li>
            <li>
              Print it and sign it in front of a witness such as a justice of the peace or a pharmacist.
            </li>
            <li>Photograph or scan the whole signed page and upload it here.</li>
          </ol>
          <FileField
            name="form"
            hint="A JPEG or PNG photo, or a PDF scan, up to 10 MB."
            accept={FORM_ACCEPT}
            error={errors.form}
            testId="paper-form-file"
          />
        </>
      )}
    </DocumentForm>
  );
}
