import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.server';
import { formFailure } from '../../lib/form-errors.server';
import { BANK_ERROR_FIELDS, bankAccountFrom } from './bank-account';

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe('bank account form', () => {
  it('asks for the fields of the chosen kind of account', () => {
    expect(bankAccountFrom(form({ type: 'national', accountName: 'Ada' })).errors).toEqual({
      bankCode: 'This field is required.',
      accountNumber: 'This field is required.',
    });
    expect(bankAccountFrom(form({ type: 'payid_email', accountName: 'Ada' })).errors).toEqual({
      payid: 'This field is required.',
    });
    expect(
      bankAccountFrom(
        form({ type: 'national', accountName: 'Ada', bankCode: '062-000', accountNumber: '1234 5678' }),
      ).body,
    ).toEqual({
      code: 'tt',
      type: 'national',
      accountName: 'Ada',
      bankCode: '062-000',
      accountNumber: '12345678',
    });
  });

  it('puts the API errors of the account number, BSB and SWIFT code on their fields', () => {
    const error = new ApiError({
      status: 422,
      code: 'validation_failed',
      message: 'Invalid',
      url: '/funds/bank-account',
      fieldErrors: {
        'account number': [{ code: 'invalid', message: 'Please enter numbers only.' }],
        'bank state branch': [{ code: 'invalid', message: 'Please enter a valid BSB.' }],
        general: [{ code: 'x', message: 'Please check the account.' }],
      },
    });
    expect(formFailure(error, BANK_ERROR_FIELDS).errors).toEqual({
      accountNumber: 'Please enter numbers only.',
      bankCode: 'Please enter a valid BSB.',
      general: 'Please check the account.',
    });
    const swift = new ApiError({
      status: 422,
      code: 'validation_failed',
      message: 'Invalid',
      url: '/funds/bank-account',
      fieldErrors: { swift: [{ code: 'invalid', message: 'Please enter a valid SWIFT code.' }] },
    });
    expect(formFailure(swift, BANK_ERROR_FIELDS).errors).toEqual({
      bankCode: 'Please enter a valid SWIFT code.',
    });
  });
});
