/**
 * What support may do to an account, in the caller's transaction (the back office writes its audit
 * row in the same one): lock and unlock (a locked customer cannot sign in; their sessions end), close
 * (as the customer would: sessions end, the closing mail goes), and reset the second factor (the
 * customer signs in with an email code until they set up another; their sessions end and the
 * security mail tells them). Each answers the account's state before and after.
 */
import type { DbOrTx } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import { accountsQueries, type CustomerRow } from './accounts.repository.ts';
import { enabledMethod } from './two-factor.service.ts';

export type SupportState = {
  status: CustomerRow['status'];
  lockReason: string | null;
  closeReason: string | null;
  twoFactor: 'authenticator' | 'email' | null;
};

function notFound(): AppError {
  return new AppError(404, 'customer_not_found', 'There is no such customer.');
}

function conflict(message: string): AppError {
  return new AppError(409, 'customer_state', message);
}

export function customerSupport(tx: DbOrTx, now: Date) {
  const q = accountsQueries(tx);

  /** The account's state; `lock` holds the customer's row until the transaction ends (for a change). */
  async function state(customerId: string, lock = true): Promise<{ row: CustomerRow; state: SupportState }> {
    const row = lock ? await q.lockedCustomer(customerId) : await q.customerById(customerId);
    if (!row) throw notFound();
    const factor = await q.twoFactor(customerId);
    return {
      row,
      state: {
        status: row.status,
        lockReason: row.lockReason,
        closeReason: row.closeReason,
        twoFactor: enabledMethod(factor) ?? null,
      },
    };
  }

  return {
    state: async (customerId: string) => (await state(customerId, false)).state,

    async lock(customerId: string, reason: string) {
      const before = await state(customerId);
      if (before.row.status !== 'active')
        throw conflict(`The account is ${before.row.status}: only an active one is locked.`);
      await q.updateCustomer(customerId, { status: 'locked', lockedAt: now, lockReason: reason }, now);
      await q.revokeCustomerSessions(customerId, 'account_locked', now);
      return { before: before.state, after: (await state(customerId)).state };
    },

    async unlock(customerId: string) {
      const before = await state(customerId);
      if (before.row.status !== 'locked') throw conflict('The account is not locked.');
      await q.updateCustomer(customerId, { status: 'active', lockedAt: null, lockReason: null }, now);
      return { before: before.state, after: (await state(customerId)).state };
    },

    async close(customerId: string, reason: string) {
      const before = await state(customerId);
      if (before.row.status === 'closed') throw conflict('The account is closed already.');
      await q.updateCustomer(customerId, { status: 'closed', closedAt: now, closeReason: reason }, now);
      await q.revokeCustomerSessions(customerId, 'account_closed', now);
      await q.emit('customer.account_closed', customerId, { customerId });
      return { before: before.state, after: (await state(customerId)).state };
    },

    async resetTwoFactor(customerId: string) {
      const before = await state(customerId);
      if (before.state.twoFactor === null) throw conflict('The customer has no second factor to reset.');
      await q.saveTwoFactor(
        customerId,
        {
          method: null,
          secret: null,
          enabledAt: null,
          pendingSecret: null,
          pendingCreatedAt: null,
          lastTimeStep: null,
        },
        now,
      );
      await q.clearTwoFactorFailures(customerId);
      await q.revokeCustomerSessions(customerId, 'two_factor_reset', now);
      await q.emit('customer.two_factor_changed', customerId, { customerId, method: null });
      return { before: before.state, after: (await state(customerId)).state };
    },
  };
}
