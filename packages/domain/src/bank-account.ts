/**
 * Bank accounts and PayIDs a withdrawal is paid to: what each kind needs, the field errors, the
 * stored (normalised) details and the masked text shown back.
 */
import { isValidEmail, normaliseEmail } from './contact-details.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export type BankAccountKind = 'international' | 'national' | 'payid_email' | 'payid_phone';

export type BankAccountInput = {
  type: BankAccountKind;
  accountName: string;
  accountNumber?: string | undefined;
  bankCode?: string | undefined;
  payid?: string | undefined;
};

/** Field errors are reported on the body's fields: the BSB and the SWIFT code both on `bank_code`. */
export type BankAccountField = 'account_name' | 'account_number' | 'bank_code' | 'payid';

export const BANK_ACCOUNT_MESSAGES = {
  accountName: 'Please enter the account holder name.',
  bsb: 'Please enter a valid BSB of 6 digits.',
  nationalAccountNumber: 'Please enter a valid account number of 6 to 10 digits.',
  swift: 'Please enter a valid SWIFT code of 8 or 11 characters.',
  internationalAccountNumber: 'Please enter a valid IBAN or account number.',
  payidEmail: VALIDATION_MESSAGES.email,
  payidPhone: 'Please enter a valid Australian mobile number.',
} as const;

const NAME_MAX = 100;
const compact = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');

/** An IBAN's mod-97 check (ISO 13616): letters count as 10..35, the first four characters go last. */
export function isValidIban(value: string): boolean {
  const iban = compact(value).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** An Australian mobile: 04xx xxx xxx, or +61 4xx xxx xxx; answered as +614xxxxxxxx. */
export function australianMobile(value: string): string | undefined {
  const digits = value.replace(/[\s()-]/g, '');
  const match = /^(?:\+?61|0)(4\d{8})$/.exec(digits);
  return match ? `+61${match[1]}` : undefined;
}

export type BankDetails = Record<string, string>;

/**
 * The field errors of a bank account (empty when it is acceptable) and its details as kept: digits
 * only for a BSB and an account number, upper case for a SWIFT code and an IBAN, a PayID normalised.
 */
export function checkBankAccount(input: BankAccountInput): {
  errors: [BankAccountField, string][];
  details: BankDetails;
} {
  const errors: [BankAccountField, string][] = [];
  const name = input.accountName.trim();
  if (name === '') errors.push(['account_name', VALIDATION_MESSAGES.required]);
  else if (name.length > NAME_MAX || /\d{4,}/.test(name))
    errors.push(['account_name', BANK_ACCOUNT_MESSAGES.accountName]);
  const details: BankDetails = { accountName: name };
  const number = compact(input.accountNumber);
  const code = compact(input.bankCode).toUpperCase();
  const need = (field: BankAccountField, value: string, valid: boolean, message: string) => {
    if (value === '') errors.push([field, VALIDATION_MESSAGES.required]);
    else if (!valid) errors.push([field, message]);
  };
  switch (input.type) {
    case 'national':
      need('bank_code', code, /^\d{6}$/.test(code), BANK_ACCOUNT_MESSAGES.bsb);
      need('account_number', number, /^\d{6,10}$/.test(number), BANK_ACCOUNT_MESSAGES.nationalAccountNumber);
      Object.assign(details, { bsb: code, accountNumber: number });
      break;
    case 'international': {
      need(
        'bank_code',
        code,
        /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code),
        BANK_ACCOUNT_MESSAGES.swift,
      );
      const upper = number.toUpperCase();
      const looksIban = /^[A-Z]{2}\d{2}/.test(upper);
      const valid = looksIban ? isValidIban(upper) : /^[A-Z0-9]{4,34}$/.test(upper);
      need('account_number', upper, valid, BANK_ACCOUNT_MESSAGES.internationalAccountNumber);
      Object.assign(details, { swift: code, accountNumber: upper });
      break;
    }
    case 'payid_email': {
      const email = normaliseEmail(input.payid ?? '');
      need('payid', email, isValidEmail(email), BANK_ACCOUNT_MESSAGES.payidEmail);
      details.payid = email;
      break;
    }
    case 'payid_phone': {
      const phone = australianMobile(input.payid ?? '');
      need('payid', compact(input.payid), phone !== undefined, BANK_ACCOUNT_MESSAGES.payidPhone);
      details.payid = phone ?? '';
      break;
    }
  }
  return { errors, details };
}

const lastFour = (value: string | undefined) => `****${(value ?? '').slice(-4)}`;

/** The masked text of a saved account: "BSB 062-000 ****5678", "PayID j***@example.com" ... */
/** A PayPal payout account as shown: "PayPal j***@example.com". */
export function paypalAccountDisplay(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `PayPal ${local.slice(0, 1)}***@${domain}`;
}

export function bankAccountDisplay(type: BankAccountKind, details: BankDetails): string {
  switch (type) {
    case 'national': {
      const bsb = details.bsb ?? '';
      return `BSB ${bsb.slice(0, 3)}-${bsb.slice(3)} ${lastFour(details.accountNumber)}`;
    }
    case 'international':
      return `SWIFT ${details.swift ?? ''} ${lastFour(details.accountNumber)}`;
    case 'payid_email': {
      const [local = '', domain = ''] = (details.payid ?? '').split('@');
      return `PayID ${local.slice(0, 1)}***@${domain}`;
    }
    case 'payid_phone':
      return `PayID ${lastFour(details.payid)}`;
  }
}
