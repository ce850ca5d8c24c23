import { type InputHTMLAttributes, type ReactNode, type RefObject, useEffect, useId } from 'react';
import { type FieldErrors, NEW_PASSWORD_HINT } from '../lib/forms';

/**
 * Form pieces with the accessibility rules of the account side: every control has a label, an
 * error is tied to its control with aria-describedby and aria-invalid, and focus moves to the first
 * control in error (or the form's alert) when errors arrive.
 */

export function useFocusFirstError(formRef: RefObject<HTMLElement | null>, errors: FieldErrors | undefined) {
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    const form = formRef.current;
    if (!form) return;
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('[data-form-alert]');
    target?.focus();
  }, [errors, formRef]);
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-black/40 bg-page px-3 py-2 text-ink aria-[invalid=true]:border-red-700 disabled:opacity-60';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

export function TextField({ name, label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mt-4'}>
      <label htmlFor={id} className="block font-semibold">
        {label}
        {input.required ? null : input.readOnly ? null : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function EmailField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The password a customer has now (signing in, and confirming a change). */
export function CurrentPasswordField({
  name,
  label,
  error,
}: {
  name: string;
  label: string;
  error?: string;
}) {
  return (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

/** The `newPassword` field and its `newPasswordConfirmation` of the change, forced change and reset forms. */
export function NewPasswordField({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <>
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={NEW_PASSWORD_HINT}
        error={errors.newPassword}
      />
      <TextField
        name="newPasswordConfirmation"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.newPasswordConfirmation}
      />
    </>
  );
}

export function SelectField({
  name,
  label,
  error,
  options,
  defaultValue,
  required,
  disabled,
  autoComplete,
}: {
  name: string;
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  error,
  defaultChecked,
  required,
}: {
  name: string;
  label: ReactNode;
  error?: string;
  defaultChecked?: boolean;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mt-4">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-5 w-5 shrink-0"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  );
}

/** The form's own message (errors that belong to no field, or success). Focusable for the focus rule. */
export function FormAlert({ error, success }: { error?: string; success?: string }) {
  if (!error && !success) return null;
  return (
    <div
      role={error ? 'alert' : 'status'}
      tabIndex={-1}
      data-form-alert
      className={`mt-4 rounded-md border-l-4 p-3 ${error ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}
    >
      {error ?? success}
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
  testId,
  name,
  value,
  variant = 'primary',
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  testId?: string;
  name?: string;
  value?: string;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy || disabled}
      aria-disabled={busy || disabled ? true : undefined}
      data-testid={testId}
      className={`${variant === 'primary' ? 'button-primary' : 'button-secondary'} mt-6 min-w-40 disabled:cursor-not-allowed disabled:opacity-60`}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
