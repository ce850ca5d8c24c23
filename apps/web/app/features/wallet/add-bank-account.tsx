import { type ReactNode, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton, TextField, useFocusFirstError } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { useStepUpReplay } from '../account/elevation';
import { BankAccountFields } from './bank-account-fields';
import { ADD_BANK_ACCOUNT, ADD_PAYPAL_ACCOUNT, type WalletFormResult } from './wallet-form';

/**
 * The add form of a payout account (a disclosure): it asks for a step-up (replayed after), says
 * when it is saved and empties itself.
 */
function AddPayoutAccount({
  open,
  intent,
  title,
  testId,
  saveTestId,
  fields,
}: {
  open: boolean;
  intent: string;
  title: string;
  testId: string;
  saveTestId: string;
  fields: (errors: Record<string, string>) => ReactNode;
}) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useFocusFirstError(formRef, result?.errors);
  useEffect(() => {
    if (result?.ok && result.message) {
      notify({ level: 'success', message: result.message });
      formRef.current?.reset();
    }
  }, [result, notify]);
  return (
    <details open={open} className="mt-8 rounded-lg border border-black/10 p-4" data-testid={testId}>
      <summary className="cursor-pointer text-xl font-bold">{title}</summary>
      <fetcher.Form method="post" ref={formRef} noValidate onSubmit={onSubmit} aria-label={title}>
        <input type="hidden" name="intent" value={intent} />
        <FormAlert error={result?.errors?.general} />
        {fields(result?.errors ?? {})}
        <SubmitButton
          busy={fetcher.state !== 'idle'}
          label="Save account"
          busyLabel="Saving..."
          variant="secondary"
          testId={saveTestId}
        />
      </fetcher.Form>
    </details>
  );
}

/** The add form of a bank account or PayID (open when the customer has none yet). */
export function AddBankAccount({ open }: { open: boolean }) {
  return (
    <AddPayoutAccount
      open={open}
      intent={ADD_BANK_ACCOUNT}
      title="Add a bank account or PayID"
      testId="add-bank-account"
      saveTestId="save-bank-account"
      fields={(errors) => <BankAccountFields errors={errors} />}
    />
  );
}

/** The add form of a PayPal account withdrawals are paid to, by its email. */
export function AddPayPalAccount() {
  return (
    <AddPayoutAccount
      open={false}
      intent={ADD_PAYPAL_ACCOUNT}
      title="Add a PayPal account"
      testId="add-paypal-account"
      saveTestId="save-paypal-account"
      fields={(errors) => (
        <TextField
          name="email"
          label="PayPal email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
      )}
    />
  );
}
