/** A forgotten password: asking for a reset link, and setting a new password with it. */
import { randomUUID } from 'node:crypto';
import { emailError, normaliseEmail } from '@drawhouse/domain';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type AccountsContext, invalidToken } from './accounts.context.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { sha256 } from './tokens.ts';

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

export function createPasswordResetService(ctx: AccountsContext) {
  const { repo } = ctx;

  return {
    /**
     * Always succeeds for the caller; a reset link goes out only to an open account. The answer must
     * not tell a known email from an unknown one, by its words or by the time it takes, so the request
     * does the same work for both: it records that a link was asked for this email (one outbox row),
     * and the lookup, the per-account throttle and the link are made by the `password-reset-mail`
     * subscriber after the answer (which then forgets the email). No in-process timer: a crash after
     * the answer loses nothing.
     */
    async forgotPassword(rawEmail: string): Promise<void> {
      const email = normaliseEmail(rawEmail);
      const problem = emailError(email);
      if (problem) throw validationError(fieldErrors([['email', problem]]));
      // Its own id: once the email is forgotten, nothing in the row points at whoever asked.
      await repo.emit('customer.password_reset_requested', randomUUID(), { email });
    },

    /** Sets a new password with a reset link's token: once, within the hour; every session ends. */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      const problem = checkPassword(newPassword);
      if (problem) throw validationError(fieldErrors([['new_password', problem.message, problem.code]]));
      const now = ctx.now();
      const passwordHash = await hashPassword(newPassword);
      const done = await repo.transaction(async (tx) => {
        const customerId = await tx.useOneTimeToken('password_reset', sha256(token), now);
        if (!customerId) return false;
        await tx.retireOneTimeTokens(customerId, 'password_reset', now);
        await tx.updateCustomer(
          customerId,
          { passwordHash, passwordSet: true, passwordChangedAt: now, forcePasswordChange: false },
          now,
        );
        await tx.revokeCustomerSessions(customerId, 'password_reset', now);
        await tx.emit('customer.password_changed', customerId, { customerId, how: 'reset' });
        return true;
      });
      if (!done) throw invalidToken();
    },
  };
}
