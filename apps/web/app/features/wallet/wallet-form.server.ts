import { emailError } from '@drawhouse/domain';
import { isStepUpRequired } from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import { formText, GENERIC_ERROR } from '../../lib/forms';
import type { Visitor } from '../../lib/visitor.server';
import { stepUpOf } from '../account/step-up.server';
import { amountForApi, amountProblem } from './amount';
import { BANK_ERROR_FIELDS, bankAccountFrom } from './bank-account';
import { addBankAccount, addPayPalAccount } from './wallet.server';
import { ADD_BANK_ACCOUNT, ADD_PAYPAL_ACCOUNT, type WalletFormResult } from './wallet-form';

/**
 * A failed wallet call as the form's answer: 403 REQUIRED opens the elevation modal (the page sends
 * the same form again afterwards); a 5xx keeps the form for a retry; field errors are renamed to the
 * form's fields.
 */
export async function walletFailure(
  visitor: Visitor,
  error: unknown,
  intent: string,
  rename: Record<string, string> = {},
): Promise<WalletFormResult> {
  if (isStepUpRequired(error)) return { ok: false, intent, stepUp: await stepUpOf(visitor) };
  // A 5xx: the outcome is unknown, so the form stays (with its attempt's key) for a retry.
  if (error instanceof Response && error.status >= 500) {
    return { ok: false, intent, errors: { general: GENERIC_ERROR } };
  }
  return { ...formFailure(error, rename), intent };
}

const SAVED_PAYOUT_ACCOUNT =
  'Your account has been saved. For 24 hours after it is added, withdrawals to it wait for our team to approve them.';

/** The add form of a bank account or PayID (withdraw, cards and accounts). */
export async function addBankAccountAction(visitor: Visitor, form: FormData): Promise<WalletFormResult> {
  const intent = ADD_BANK_ACCOUNT;
  const { body, errors } = bankAccountFrom(form);
  if (!body) return { ok: false, intent, errors };
  try {
    await addBankAccount(visitor, body);
    return {
      ok: true,
      intent,
      message: SAVED_PAYOUT_ACCOUNT,
    };
  } catch (error) {
    return walletFailure(visitor, error, intent, BANK_ERROR_FIELDS);
  }
}

/** The add form of a PayPal payout account: its email. */
export async function addPayPalAccountAction(visitor: Visitor, form: FormData): Promise<WalletFormResult> {
  const intent = ADD_PAYPAL_ACCOUNT;
  const email = formText(form, 'email');
  const problem = emailError(email);
  if (problem) return { ok: false, intent, errors: { email: problem } };
  try {
    await addPayPalAccount(visitor, { email });
    return { ok: true, intent, message: SAVED_PAYOUT_ACCOUNT };
  } catch (error) {
    return walletFailure(visitor, error, intent);
  }
}

/** Field errors of a limit's amount land on the form's `limit` field, whatever the API names it. */
const LIMIT_FIELDS = { limit: 'limit', amount: 'limit' };

/**
 * A limit form's call: the amount is checked first (the form's `limit` field), then the call is
 * made with it; success answers the message.
 */
export async function limitAction(
  visitor: Visitor,
  form: FormData,
  intent: string,
  call: (limit: string) => Promise<unknown>,
  message: string,
): Promise<WalletFormResult> {
  const text = formText(form, 'limit');
  const problem = amountProblem(text);
  if (problem) return { ok: false, intent, errors: { limit: problem } };
  try {
    await call(amountForApi(text));
    return { ok: true, intent, message };
  } catch (error) {
    return walletFailure(visitor, error, intent, LIMIT_FIELDS);
  }
}

/** A removal: a refusal (422) comes back as the general message, which the page shows as a notification. */
export async function removeAction(
  visitor: Visitor,
  intent: string,
  call: () => Promise<unknown>,
  message: string,
): Promise<WalletFormResult> {
  try {
    await call();
    return { ok: true, intent, message };
  } catch (error) {
    const failure = await walletFailure(visitor, error, intent);
    const general = failure.errors?.general ?? Object.values(failure.errors ?? {})[0];
    return general ? { ...failure, errors: { general } } : failure;
  }
}
