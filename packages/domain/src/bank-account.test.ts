import { describe, expect, it } from 'vitest';
import { australianMobile, bankAccountDisplay, checkBankAccount, isValidIban } from './bank-account.ts';

describe('checkBankAccount', () => {
  it('takes a national account: BSB of 6 digits and 6 to 10 digit account', () => {
    const out = checkBankAccount({
      type: 'national',
      accountName: 'Jo Citizen',
      bankCode: '062-000',
      accountNumber: '1234 5678',
    });
    expect(out.errors).toEqual([]);
    expect(out.details).toEqual({ accountName: 'Jo Citizen', bsb: '062000', accountNumber: '12345678' });
    expect(bankAccountDisplay('national', out.details)).toBe('BSB 062-000 ****5678');
  });

  it('reports the BSB and the SWIFT code on bank_code, the number on account_number', () => {
    expect(
      checkBankAccount({ type: 'national', accountName: 'Jo', bankCode: '06200', accountNumber: '12345' })
        .errors,
    ).toEqual([
      ['bank_code', 'Please enter a valid BSB of 6 digits.'],
      ['account_number', 'Please enter a valid account number of 6 to 10 digits.'],
    ]);
    expect(
      checkBankAccount({
        type: 'international',
        accountName: 'Jo',
        bankCode: 'NOTSWIFT!',
        accountNumber: 'GB00WEST12345698765432',
      }).errors.map(([field]) => field),
    ).toEqual(['bank_code', 'account_number']);
  });

  it('takes an international account with a SWIFT code and an IBAN or a plain number', () => {
    const iban = checkBankAccount({
      type: 'international',
      accountName: 'Jo',
      bankCode: 'NWBKGB2L',
      accountNumber: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(iban.errors).toEqual([]);
    expect(bankAccountDisplay('international', iban.details)).toBe('SWIFT NWBKGB2L ****5432');
    expect(
      checkBankAccount({
        type: 'international',
        accountName: 'Jo',
        bankCode: 'CTBAAU2SXXX',
        accountNumber: '12345678',
      }).errors,
    ).toEqual([]);
  });

  it('takes PayIDs: an email, an Australian mobile', () => {
    const email = checkBankAccount({ type: 'payid_email', accountName: 'Jo', payid: ' Jo@Example.com ' });
    expect(email).toEqual({ errors: [], details: { accountName: 'Jo', payid: 'jo@example.com' } });
    expect(bankAccountDisplay('payid_email', email.details)).toBe('PayID j***@example.com');
    const phone = checkBankAccount({ type: 'payid_phone', accountName: 'Jo', payid: '0412 345 678' });
    expect(phone.details.payid).toBe('+61412345678');
    expect(bankAccountDisplay('payid_phone', phone.details)).toBe('PayID ****5678');
    expect(
      checkBankAccount({ type: 'payid_phone', accountName: 'Jo', payid: '02 9999 9999' }).errors,
    ).toEqual([['payid', 'Please enter a valid Australian mobile number.']]);
  });

  it('requires the fields of the kind and a holder name', () => {
    expect(checkBankAccount({ type: 'national', accountName: ' ' }).errors).toEqual([
      ['account_name', 'This field is required.'],
      ['bank_code', 'This field is required.'],
      ['account_number', 'This field is required.'],
    ]);
    expect(
      checkBankAccount({ type: 'payid_email', accountName: 'Jo 4111111111111111', payid: 'x' }).errors.map(
        ([f]) => f,
      ),
    ).toEqual(['account_name', 'payid']);
  });
});

describe('helpers', () => {
  it('checks IBANs by mod 97', () => {
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('GB83WEST12345698765432')).toBe(false);
  });

  it('reads Australian mobiles', () => {
    expect(australianMobile('+61 412 345 678')).toBe('+61412345678');
    expect(australianMobile('0212345678')).toBeUndefined();
  });
});
