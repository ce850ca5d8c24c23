/** The back office's small building blocks: a page title that takes focus, fields with their errors. */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Form } from 'react-router';

/** The page's h1; focusable from script so a navigation can move focus to it. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 tabIndex={-1} className="mb-4 text-2xl font-bold focus:outline-none" data-page-title="">
      {children}
    </h1>
  );
}

/**
 * A failure the API explained, announced and focused when it appears; with `signInAgain`, a link to
 * sign in again (a sensitive change needs a recent sign-in).
 */
export function ErrorSummary({
  message,
  signInAgain,
}: {
  message: string | undefined;
  signInAgain?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mb-4 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900"
    >
      {message}
      {signInAgain ? (
        <>
          {' '}
          <a className="link font-semibold" href={signInAgain}>
            Sign in again
          </a>
        </>
      ) : null}
    </div>
  );
}

/** What went well, announced politely. */
export function Notice({ message }: { message: string | undefined }) {
  return (
    <p role="status" className={message ? 'mb-4 rounded-md bg-green-50 p-3 text-green-900' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}

type FieldProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
  defaultValue?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  pattern?: string;
  maxLength?: number;
  disabled?: boolean;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
};

/** A labelled input (or, with `rows`, text area) with its hint and the API's errors for it. */
export function Field({ label, name, errors, hint, type = 'text', rows, ...rest }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', errors?.length ? errorId : ''].filter(Boolean).join(' ');
  const control = {
    id,
    name,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea
          {...control}
          rows={rows}
          className="mt-1 w-full max-w-2xl rounded-md border border-muted px-3 py-2 font-mono text-sm"
          {...rest}
        />
      ) : (
        <input
          {...control}
          type={type}
          className="mt-1 w-full max-w-md rounded-md border border-muted px-3 py-2"
          {...rest}
        />
      )}
      <GroupErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The API's errors for a field or a group of fields, by `id` for their `aria-describedby`. */
export function GroupErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {errors.join(' ')}
    </p>
  );
}

/**
 * Asks the page's action (`intent`, with `fields`) for a preview link of what is saved and offers it,
 * to open in the shop in a new tab.
 */
export function ShopPreviewForm(props: {
  testId: string;
  intent: string;
  fields?: Record<string, string>;
  button: string;
  error: string | undefined;
  url: string | undefined;
}) {
  return (
    <div className="mb-4" data-testid={props.testId}>
      <ErrorSummary message={props.error} />
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={props.intent} />
        {Object.entries(props.fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button-secondary">
          {props.button}
        </button>
        {props.url ? (
          <a href={props.url} target="_blank" rel="noreferrer" className="link">
            Open the preview<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </Form>
    </div>
  );
}

export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The authenticator app's code: one field on the sign-in and invitation pages alike. */
export function CodeField({ hint, errors }: { hint: string; errors?: string[] }) {
  return (
    <Field
      label="Authenticator code"
      name="code"
      hint={hint}
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      maxLength={10}
      errors={errors}
    />
  );
}

/** A table's column headings. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="pr-3">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
