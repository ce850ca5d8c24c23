import { TwoFactorConfigSchema } from '@drawhouse/contract';
import { customerGet, isStepUpRequired } from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import type { FormResult } from '../../lib/forms';
import type { Visitor } from '../../lib/visitor.server';

/**
 * How the customer proves it is them for a step-up: their second factor, else a code by email.
 * `twoFactor` says whether that is a second factor they turned on (the modal names it so) or the
 * email code every customer can get.
 */
export async function stepUpOf(visitor: Visitor): Promise<{ method: string; twoFactor: boolean }> {
  try {
    const config = await customerGet(TwoFactorConfigSchema, visitor, '/customer/two-factor-auth');
    return config.enabled && config.method
      ? { method: config.method, twoFactor: true }
      : { method: 'email', twoFactor: false };
  } catch {
    return { method: 'email', twoFactor: false };
  }
}

/**
 * A failed call of a form: 403 REQUIRED asks the page to open the elevation modal and replay
 * with the code; anything else is the form's errors.
 */
export async function formFailureOrStepUp(visitor: Visitor, error: unknown): Promise<FormResult> {
  if (isStepUpRequired(error)) return { ok: false, stepUp: await stepUpOf(visitor) };
  return formFailure(error);
}
