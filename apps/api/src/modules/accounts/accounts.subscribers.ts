/**
 * What follows an account's changes, once they have committed (outbox/outbox.subscriptions.ts says
 * which events each follows). Each runs in the delivery's transaction, so it acts exactly once: it
 * reads what it needs, makes any link or code it mails, and requests the mail (sent after, with no
 * transaction open, retried while SMTP fails).
 */
import type { Transaction } from '@drawhouse/db';
import { breakEndText } from '@drawhouse/domain';
import type { AppDeps } from '../../http/types.ts';
import {
  accountClosedMail,
  breakStartedMail,
  contactDetailsChangedMail,
  emailChangedMail,
  type MailContent,
  newDeviceMail,
  passwordChangedMail,
  signInProviderChangedMail,
  twoFactorChangedMail,
} from '../notifications/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import { mailConfirmLink, mailEmailCode, mailResetLink } from './account-mail.ts';
import { maskEmail } from './accounts.context.ts';
import { type AccountsQueries, accountsQueries, type CustomerRow } from './accounts.repository.ts';
import { type EnterMovedTickets, migrationSubscriber } from './migration.subscribers.ts';
import { createTokenKit } from './tokens.ts';
import { enabledMethod } from './two-factor.service.ts';

type Deps = Pick<AppDeps, 'config' | 'webBaseUrl' | 'now'>;

/** A moment as the customer reads it in mail: Sydney time. */
export const sydneyTime = (at: Date) =>
  at.toLocaleString('en-AU', { timeZone: 'Australia/Sydney', dateStyle: 'long', timeStyle: 'short' });

function inTransaction(
  name: string,
  handle: (db: AccountsQueries, event: OutboxEvent) => Promise<void>,
  options: { forgetsPayload?: boolean } = {},
): Subscriber {
  return {
    name,
    runs: 'in-transaction',
    ...options,
    handle: (tx: Transaction, event: OutboxEvent) => handle(accountsQueries(tx), event),
  };
}

/** What a security event tells the customer, in words of the time it happened. */
function securityMail(event: OutboxEvent, customer: CustomerRow): MailContent | undefined {
  const { firstname } = customer;
  const when = sydneyTime(event.createdAt);
  switch (event.type) {
    case 'customer.new_device_signed_in':
      return newDeviceMail({
        firstname,
        when: sydneyTime(new Date(event.payload.at)),
        device: 'a new browser or app',
      });
    case 'customer.password_changed':
      return passwordChangedMail({ firstname, when, byResetLink: event.payload.how === 'reset' });
    case 'customer.two_factor_changed':
      return twoFactorChangedMail({ firstname, when, method: event.payload.method });
    case 'customer.sign_in_provider_changed':
      return signInProviderChangedMail({
        firstname,
        when,
        provider: event.payload.provider,
        change: event.payload.change,
      });
    case 'customer.contact_changed':
      return contactDetailsChangedMail({ firstname, when, changed: event.payload.changed });
    case 'customer.account_closed':
      return accountClosedMail({ firstname });
    default:
      return undefined;
  }
}

/** `enterMovedTickets`: checkout's entry of an older account's tickets (the account migration). */
export function accountsSubscribers(deps: Deps, enterMovedTickets: EnterMovedTickets): Subscriber[] {
  const now = () => deps.now?.() ?? new Date();
  const tokens = createTokenKit(deps.config.jwtSecret);
  const { webBaseUrl } = deps;

  return [
    /**
     * The welcome mail with its confirm link, to the address the customer joined with (unless it
     * changed or was confirmed meanwhile: the change's own mail carries a link). The customer row
     * is locked, so a change of email at the same moment waits and then ends this link.
     */
    inTransaction('welcome-mail', async (db, event) => {
      if (event.type !== 'customer.signed_up') return;
      const customer = await db.lockedCustomer(event.payload.customerId);
      if (customer?.status !== 'active' || customer.email !== event.payload.email) return;
      if (customer.emailConfirmedAt !== null) return;
      await mailConfirmLink(db, customer, { now: now(), webBaseUrl, welcome: true });
    }),

    /**
     * A new email: a confirm link to it (unless it changed again since: that change mails its own),
     * and a notice to the address used before, which is how an owner learns of a change they did
     * not make.
     */
    inTransaction('email-change-mail', async (db, event) => {
      if (event.type !== 'customer.email_changed') return;
      const { customerId, email, previousEmail } = event.payload;
      const customer = await db.lockedCustomer(customerId);
      if (!customer) return;
      if (customer.status === 'active' && customer.email === email && customer.emailConfirmedAt === null) {
        await mailConfirmLink(db, customer, { now: now(), webBaseUrl, welcome: false });
      }
      await db.requestMail(
        customerId,
        previousEmail,
        emailChangedMail({
          firstname: customer.firstname,
          when: sydneyTime(event.createdAt),
          masked: maskEmail(email),
        }),
      );
    }),

    /** New sign-ins, and changes of password, second factor, phone or address, and a closed account. */
    inTransaction('account-security-mail', async (db, event) => {
      if (!('customerId' in event.payload)) return;
      const customer = await db.customerById(event.payload.customerId);
      const mail = customer && securityMail(event, customer);
      if (customer && mail) await db.requestMail(customer.id, customer.email, mail);
    }),

    /**
     * A break or self-exclusion began: the customer is told until when; a self-exclusion also ends
     * every marketing message (all channels off).
     */
    inTransaction('break-started', async (db, event) => {
      if (event.type !== 'customer.break_started') return;
      const { customerId, kind, endsAt } = event.payload;
      const customer = await db.lockedCustomer(customerId);
      if (!customer) return;
      const selfExclusion = kind === 'self_exclusion';
      if (selfExclusion) {
        const off = { email: false, phone: false, sms: false, directmail: false };
        await db.updateCustomer(customerId, { communicationPreferences: off, emailOptIn: false }, now());
      }
      const until = endsAt ? breakEndText(new Date(endsAt)) : null;
      await db.requestMail(
        customerId,
        customer.email,
        breakStartedMail({ firstname: customer.firstname, selfExclusion, until }),
      );
    }),

    /**
     * A reset link for the email asked about, if an open account has it. The request only recorded
     * the email (the same work whether or not it is known); the lookup, the throttle and the link
     * happen here, after the answer. The email is forgotten once handled.
     */
    inTransaction(
      'password-reset-mail',
      async (db, event) => {
        if (event.type !== 'customer.password_reset_requested') return;
        await mailResetLink(db, event.payload.email, { now: now(), webBaseUrl });
      },
      { forgetsPayload: true },
    ),

    /**
     * The email code of a throttled sign-in whose password was right (see `throttledLogin`): made
     * here, after the answer, so the answer takes as long as a wrong password's.
     */
    inTransaction('sign-in-code-mail', async (db, event) => {
      if (event.type !== 'customer.sign_in_code_requested') return;
      const customer = await db.customerById(event.payload.customerId);
      if (customer?.status !== 'active') return;
      if (enabledMethod(await db.twoFactor(customer.id)) === 'authenticator') return;
      await mailEmailCode(db, tokens, customer, now());
    }),

    migrationSubscriber(now, enterMovedTickets),
  ];
}
