import type { BankAccountType } from '@drawhouse/contract';
import { useState } from 'react';
import { TextField } from '../../components/form';
import type { FieldErrors } from '../../lib/forms';
import { BANK_ACCOUNT_CHOICES, bankFieldsOf } from './bank-account';

/**
 * The fields of a new bank account or PayID: the kind of account (radio buttons), the name on the
 * account, then the BSB or SWIFT code and account number, or the PayID.
 */
export function BankAccountFields({ errors }: { errors: FieldErrors }) {
  const [type, setType] = useState<BankAccountType>('national');
  const fields = bankFieldsOf(type);
  return (
    <>
      <fieldset className="mt-4">
        <legend className="font-semibold">Account type</legend>
        {BANK_ACCOUNT_CHOICES.map((choice) => (
          <label key={choice.value} className="mt-2 flex items-center gap-2">
            <input
              type="radio"
              name="type"
              value={choice.value}
              checked={type === choice.value}
              onChange={() => setType(choice.value)}
              className="h-5 w-5"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <TextField
        name="accountName"
        label="Account name"
        autoComplete="name"
        required
        error={errors.accountName}
        className="mt-4 max-w-md"
      />
      {fields.includes('bankCode') ? (
        <TextField
          key={`bank-code-${type}`}
          name="bankCode"
          label={type === 'international' ? 'SWIFT code' : 'BSB'}
          hint={type === 'international' ? '8 or 11 characters, e.g. CTBAAU2S' : '6 digits, e.g. 062-000'}
          required
          inputMode={type === 'international' ? 'text' : 'numeric'}
          error={errors.bankCode}
          className="mt-4 max-w-md"
        />
      ) : null}
      {fields.includes('accountNumber') ? (
        <TextField
          key={`account-number-${type}`}
          name="accountNumber"
          label={type === 'international' ? 'Account number or IBAN' : 'Account number'}
          required
          inputMode={type === 'international' ? 'text' : 'numeric'}
          error={errors.accountNumber}
          className="mt-4 max-w-md"
        />
      ) : null}
      {fields.includes('payid') ? (
        <TextField
          key={`payid-${type}`}
          name="payid"
          label={type === 'payid_email' ? 'PayID email address' : 'PayID mobile number'}
          type={type === 'payid_email' ? 'email' : 'tel'}
          autoComplete={type === 'payid_email' ? 'email' : 'tel'}
          required
          error={errors.payid}
          className="mt-4 max-w-md"
        />
      ) : null}
    </>
  );
}
