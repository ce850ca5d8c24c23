import { type ReactNode, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton, useFocusFirstError } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { useStepUpReplay } from '../account/elevation';
import { AmountField } from './amount-field';
import type { WalletFormResult } from './wallet-form';

/** A success notification, and a failure's general message as an error notification when asked. */
function useResultNotice(result: WalletFormResult | undefined, errorsAsNotice: boolean) {
  const notify = useNotify();
  useEffect(() => {
    if (result?.ok && result.message) notify({ level: 'success', message: result.message });
    if (result && !result.ok && errorsAsNotice && result.errors?.general) {
      notify({ level: 'error', message: result.errors.general });
    }
  }, [result, notify, errorsAsNotice]);
}

/** A limit's amount form (set a new one, change one): its own errors, a notification on success. */
export function LimitAmountForm({
  intent,
  hidden = {},
  label,
  submitLabel,
  children,
  testId,
}: {
  intent: string;
  hidden?: Record<string, string>;
  label: string;
  submitLabel: string;
  children?: ReactNode;
  testId?: string;
}) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useFocusFirstError(formRef, result?.errors);
  useResultNotice(result, false);
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      data-testid={testId}
      aria-label={label}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert error={result?.errors?.general} />
      {children}
      <AmountField name="limit" label={label} error={result?.errors?.limit} />
      <SubmitButton busy={fetcher.state !== 'idle'} label={submitLabel} busyLabel="Saving..." />
    </fetcher.Form>
  );
}

/** Removes a limit; a refusal's first message is shown as a notification. */
export function RemoveLimitButton({
  intent,
  hidden = {},
  label,
}: {
  intent: string;
  hidden?: Record<string, string>;
  label: string;
}) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useResultNotice(result, true);
  return (
    <fetcher.Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton
        busy={fetcher.state !== 'idle'}
        label={label}
        busyLabel="Removing..."
        variant="secondary"
      />
    </fetcher.Form>
  );
}

/**
 * A single limit's controls (precommitment, weekly deposit): set or change it, and remove it while
 * one is set. `name` is the limit's name in lower case ("precommitment limit").
 */
export function SingleLimitControls({
  name,
  hasLimit,
  setIntent,
  removeIntent,
  testId,
}: {
  name: string;
  hasLimit: boolean;
  setIntent: string;
  removeIntent: string;
  testId: string;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-end gap-x-6">
      <LimitAmountForm
        intent={setIntent}
        label={hasLimit ? `New ${name}` : name.charAt(0).toUpperCase() + name.slice(1)}
        submitLabel={hasLimit ? 'Change limit' : 'Set limit'}
        testId={testId}
      />
      {hasLimit ? <RemoveLimitButton intent={removeIntent} label={`Remove ${name}`} /> : null}
    </div>
  );
}
