import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton, useFocusFirstError } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { useStepUpReplay } from '../account/elevation';
import { BankAccountFields } from './bank-account-fields';
import { ADD_BANK_ACCOUNT, type WalletFormResult } from './wallet-form';

/** The add form of a bank account or PayID (a disclosure, open when the customer has none yet). */
export function AddBankAccount({ open }: { open: boolean }) {
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
    <details
      open={open}
      className="mt-8 rounded-lg border border-black/10 p-4"
      data-testid="add-bank-account"
    >
      <summary className="cursor-pointer text-xl font-bold">Add a bank account or PayID</summary>
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Add a bank account or PayID"
      >
        <input type="hidden" name="intent" value={ADD_BANK_ACCOUNT} />
        <FormAlert error={result?.errors?.general} />
        <BankAccountFields errors={result?.errors ?? {}} />
        <SubmitButton
          busy={fetcher.state !== 'idle'}
          label="Save account"
          busyLabel="Saving..."
          variant="secondary"
          testId="save-bank-account"
        />
      </fetcher.Form>
    </details>
  );
}
