/**
 * The signed-in customer's own account: overview, details, passwords, confirmations, terms and
 * closing the account (communication preferences: communication-preferences.service.ts).
 */

import type { CustomerDetails, CustomerOverview, DetailsBody } from '@drawhouse/contract';
import { emailError, nameError, normaliseEmail, phoneError } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { mailConfirmLink } from './account-mail.ts';
import {
  type AccountsContext,
  EMAIL_TAKEN_MESSAGE,
  elevationRequired,
  invalidToken,
} from './accounts.context.ts';
import { EmailTakenError } from './accounts.repository.ts';
import { addressFieldErrors, cleanAddress } from './address-fields.ts';
import { customerDetails, customerOverview } from './customer-view.ts';
import { checkPassword, hashPassword, verifyPassword } from './passwords.ts';
import type { SignedInCustomer } from './session.service.ts';
import { sha256 } from './tokens.ts';
import { enabledMethod } from './two-factor.service.ts';

export type CustomerService = ReturnType<typeof createCustomerService>;

export function createCustomerService(ctx: AccountsContext) {
  const { repo } = ctx;

  function requireElevated(signedIn: SignedInCustomer): void {
    if (!signedIn.elevated) throw elevationRequired();
  }

  function newPasswordOrThrow(field: string, password: string): void {
    const problem = checkPassword(password);
    if (problem) throw validationError(fieldErrors([[field, problem.message, problem.code]]));
  }

  /** A new password: other sessions end and every device passes the second factor again. */
  async function replacePassword(
    signedIn: SignedInCustomer,
    newPassword: string,
    how: 'changed' | 'forced',
  ): Promise<void> {
    newPasswordOrThrow('new_password', newPassword);
    const now = ctx.now();
    const passwordHash = await hashPassword(newPassword);
    await repo.transaction(async (tx) => {
      await tx.updateCustomer(
        signedIn.customer.id,
        { passwordHash, passwordSet: true, passwordChangedAt: now, forcePasswordChange: false },
        now,
      );
      await tx.revokeCustomerSessions(signedIn.customer.id, 'password_changed', now, signedIn.session.id);
      await tx.emit('customer.password_changed', signedIn.customer.id, {
        customerId: signedIn.customer.id,
        how,
      });
    });
  }

  return {
    async overview(signedIn: SignedInCustomer): Promise<CustomerOverview> {
      const id = signedIn.customer.id;
      const [twoFactor, accounts, legacy] = await Promise.all([
        repo.twoFactor(id),
        repo.walletAccounts(id),
        repo.legacyAccount(id),
      ]);
      const twoFactorEnabled = enabledMethod(twoFactor) !== undefined;
      return customerOverview(signedIn.customer, twoFactorEnabled, accounts, legacy, ctx.now());
    },

    details(signedIn: SignedInCustomer): CustomerDetails {
      return customerDetails(signedIn.customer);
    },

    /**
     * Changes name, phone, address and opt-in. A new phone or address needs a step-up (they are how
     * the shop reaches and identifies the customer); a new email a step-up and a confirmation.
     */
    async updateDetails(signedIn: SignedInCustomer, body: DetailsBody): Promise<CustomerDetails> {
      const { customer } = signedIn;
      const errors: [string, string][] = [];
      const add = (field: string, message: string | undefined) => message && errors.push([field, message]);
      add('firstname', nameError(body.firstname));
      add('lastname', nameError(body.lastname));
      add('phone', phoneError(body.phone));
      errors.push(...addressFieldErrors(body.address, false));
      const email = body.email !== undefined ? normaliseEmail(body.email) : customer.email;
      if (body.email !== undefined) add('email', emailError(body.email));
      if (errors.length > 0) throw validationError(fieldErrors(errors));
      const emailChanged = email !== customer.email;
      const address = cleanAddress(body.address);
      const contactChanged = [
        ...(body.phone.trim() !== customer.phone ? (['phone'] as const) : []),
        ...((Object.keys(address) as (keyof typeof address)[]).some((key) => address[key] !== customer[key])
          ? (['address'] as const)
          : []),
      ];
      if (contactChanged.length > 0) requireElevated(signedIn);
      if (emailChanged) {
        requireElevated(signedIn);
        const other = await repo.customerByEmail(email);
        if (other && other.id !== customer.id) {
          throw validationError(fieldErrors([['email', EMAIL_TAKEN_MESSAGE, 'email_taken']]));
        }
      }
      const now = ctx.now();
      const saved = await repo
        .transaction(async (tx) => {
          const saved = await tx.updateCustomer(
            customer.id,
            {
              firstname: body.firstname.trim(),
              lastname: body.lastname.trim(),
              phone: body.phone.trim(),
              ...address,
              addressConfirmationRequired: false,
              ...(body.emailOptIn !== undefined
                ? {
                    emailOptIn: body.emailOptIn,
                    communicationPreferences: {
                      ...customer.communicationPreferences,
                      email: body.emailOptIn,
                    },
                  }
                : {}),
              ...(emailChanged ? { email, emailConfirmedAt: null } : {}),
            },
            now,
          );
          if (!saved) throw new Error('customer vanished during an update');
          if (contactChanged.length > 0) {
            await tx.emit('customer.contact_changed', customer.id, {
              customerId: customer.id,
              changed: contactChanged,
            });
          }
          if (emailChanged) {
            // The old address's link stops now; the new address's comes with the event's mail.
            await tx.retireOneTimeTokens(customer.id, 'confirm_email', now);
            await tx.emit('customer.email_changed', customer.id, {
              customerId: customer.id,
              previousEmail: customer.email,
              email,
            });
          }
          return saved;
        })
        .catch((error: unknown) => {
          if (error instanceof EmailTakenError) {
            throw validationError(fieldErrors([['email', EMAIL_TAKEN_MESSAGE, 'email_taken']]));
          }
          throw error;
        });
      return customerDetails(saved);
    },

    /** Needs a step-up and the current password; other sessions end. */
    async changePassword(
      signedIn: SignedInCustomer,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      requireElevated(signedIn);
      if (!currentPassword || !(await verifyPassword(signedIn.customer.passwordHash, currentPassword))) {
        throw validationError(
          fieldErrors([['current_password', 'Your current password is incorrect.', 'incorrect_password']]),
        );
      }
      await replacePassword(signedIn, newPassword, 'changed');
    },

    /** The forced change after an operator flagged the account (no current password, no step-up). */
    async forceChangePassword(signedIn: SignedInCustomer, newPassword: string): Promise<void> {
      if (!signedIn.customer.forcePasswordChange) {
        throw new AppError(400, 'password_change_not_required', 'Your password does not need to be changed.');
      }
      await replacePassword(signedIn, newPassword, 'forced');
    },

    /**
     * The link in the welcome or change-of-email mail; no sign-in needed. Signed in without a token
     * (the confirmation banner's Confirm), a customer whose email is not confirmed yet gets a fresh
     * link: only the mail proves the address.
     */
    async confirmEmailAddress(
      signedIn: SignedInCustomer | undefined,
      token: string | undefined,
    ): Promise<void> {
      const now = ctx.now();
      if (!token) {
        if (!signedIn) throw invalidToken();
        const { customer } = signedIn;
        if (customer.emailConfirmedAt !== null) return;
        await repo.transaction((tx) =>
          mailConfirmLink(tx, customer, { now, webBaseUrl: ctx.webBaseUrl, welcome: false }),
        );
        return;
      }
      const customerId = await repo.useOneTimeToken('confirm_email', sha256(token), now);
      if (!customerId) throw invalidToken();
      await repo.updateCustomer(customerId, { emailConfirmedAt: now }, now);
    },

    /** Confirms the address on file: signed in, or with the token of a confirm-address mail. */
    async confirmAddress(signedIn: SignedInCustomer | undefined, token: string | undefined): Promise<void> {
      const now = ctx.now();
      let customerId = signedIn?.customer.id;
      if (token) {
        const owner = await repo.useOneTimeToken('confirm_address', sha256(token), now);
        if (!owner || (customerId && owner !== customerId)) throw invalidToken();
        customerId = owner;
      }
      if (!customerId) throw invalidToken();
      // Only an address today's rules accept can be confirmed as it is; otherwise it is updated.
      const row =
        signedIn?.customer.id === customerId ? signedIn.customer : await repo.customerById(customerId);
      if (!row) throw invalidToken();
      const errors = addressFieldErrors({ ...row, addressLine2: row.addressLine2 ?? undefined }, false);
      if (errors.length > 0) throw validationError(fieldErrors(errors));
      await repo.updateCustomer(customerId, { addressConfirmationRequired: false }, now);
    },

    async acceptTerms(signedIn: SignedInCustomer): Promise<void> {
      await repo.updateCustomer(signedIn.customer.id, { termsAcceptedAt: ctx.now() }, ctx.now());
    },

    /** Closes the account: a step-up and the password; every session ends; a mail confirms it. */
    async close(signedIn: SignedInCustomer, password: string, reason: string | undefined): Promise<void> {
      requireElevated(signedIn);
      if (!password || !(await verifyPassword(signedIn.customer.passwordHash, password))) {
        throw validationError(
          fieldErrors([['password', 'Your password is incorrect.', 'incorrect_password']]),
        );
      }
      const now = ctx.now();
      await repo.transaction(async (tx) => {
        await tx.updateCustomer(
          signedIn.customer.id,
          { status: 'closed', closedAt: now, closeReason: reason ?? null },
          now,
        );
        await tx.revokeCustomerSessions(signedIn.customer.id, 'account_closed', now);
        await tx.emit('customer.account_closed', signedIn.customer.id, { customerId: signedIn.customer.id });
      });
    },
  };
}
