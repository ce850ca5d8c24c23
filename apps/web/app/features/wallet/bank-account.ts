import type { BankAccountBody, BankAccountType } from '@drawhouse/contract';
import { checkBankAccount, VALIDATION_MESSAGES } from '@drawhouse/domain';
import { type FieldErrors, formText } from '../../lib/forms';

/** The kinds of account a withdrawal can go to, as the form offers them. */
export const BANK_ACCOUNT_CHOICES: readonly { value: BankAccountType; label: string }[] = [
  { value: 'national', label: 'Australian bank account (BSB and account number)' },
  { value: 'payid_email', label: 'PayID: email address' },
  { value: 'payid_phone', label: 'PayID: mobile number' },
  { value: 'international', label: 'Overseas bank account (SWIFT code)' },
];

export function isBankAccountType(value: string): value is BankAccountType {
  return BANK_ACCOUNT_CHOICES.some((c) => c.value === value);
}

/** The form fields each kind of account asks for (besides the account name). */
export function bankFieldsOf(type: BankAccountType): readonly ('bankCode' | 'accountNumber' | 'payid')[] {
  if (type === 'payid_email' || type === 'payid_phone') return ['payid'];
  return ['bankCode', 'accountNumber'];
}

/**
 * The API's field errors of a bank account land on the form's fields: the account number on
 * accountNumber, the BSB (bank state branch) and the SWIFT code on bankCode; anything without a
 * field of its own is the form's general message.
 */
export const BANK_ERROR_FIELDS: Record<string, string> = {
  'account number': 'accountNumber',
  account_number: 'accountNumber',
  accountNumber: 'accountNumber',
  'bank state branch': 'bankCode',
  bank_state_branch: 'bankCode',
  bankStateBranch: 'bankCode',
  bsb: 'bankCode',
  swift: 'bankCode',
  swift_code: 'bankCode',
  swiftCode: 'bankCode',
  bank_code: 'bankCode',
  account_name: 'accountName',
  payid: 'payid',
};

/**
 * The bank account body of the form, or the form's errors (the domain's checks: required fields, a
 * BSB of 6 digits, a SWIFT code, an IBAN, a PayID) when it is not acceptable yet.
 */
export function bankAccountFrom(form: FormData): { body?: BankAccountBody; errors: FieldErrors } {
  const type = formText(form, 'type');
  if (!isBankAccountType(type)) return { errors: { type: VALIDATION_MESSAGES.required } };
  const accountName = formText(form, 'accountName');
  const body: BankAccountBody =
    bankFieldsOf(type)[0] === 'payid'
      ? { code: 'tt', type, accountName, payid: formText(form, 'payid') }
      : {
          code: 'tt',
          type,
          accountName,
          bankCode: formText(form, 'bankCode'),
          accountNumber: formText(form, 'accountNumber').replace(/\s+/g, ''),
        };
  const errors: FieldErrors = {};
  for (const [field, message] of checkBankAccount(body).errors) {
    const name = BANK_ERROR_FIELDS[field] ?? field;
    errors[name] ??= message;
  }
  return Object.keys(errors).length > 0 ? { errors } : { body, errors };
}
