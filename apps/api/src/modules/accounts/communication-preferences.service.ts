/**
 * The customer's communication preferences: read and changed signed in, or switched off from an
 * unsubscribe link without signing in.
 */
import type { CommunicationPreferencesResult } from '@drawhouse/contract';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type AccountsContext, customerNotFound } from './accounts.context.ts';
import type { CustomerRow } from './accounts.repository.ts';
import { ACCOUNT_RULES, UNSUBSCRIBE_TOPIC } from './accounts.settings.ts';
import type { SignedInCustomer } from './session.service.ts';

const CHANNELS = ['email', 'phone', 'sms', 'directmail'] as const;
type Preferences = CommunicationPreferencesResult['preferences'];

export type CommunicationPreferencesService = ReturnType<typeof createCommunicationPreferencesService>;

/** Why marketing cannot be switched on for a customer now (a self-exclusion), or null. */
export type MarketingOffReason = (customerId: string) => Promise<string | null>;

export function createCommunicationPreferencesService(
  ctx: AccountsContext,
  marketingOffReason: MarketingOffReason = async () => null,
) {
  const { repo, tokens } = ctx;

  function preferencesResult(
    row: CustomerRow,
    marketingOffReason: string | null,
  ): CommunicationPreferencesResult {
    return {
      features: { methodsEnabled: [...CHANNELS] },
      preferences: { ...row.communicationPreferences },
      winnerPublicity: row.winnerPublicity,
      marketingOffReason,
    };
  }

  async function savePreferences(
    row: CustomerRow,
    changes: Partial<Preferences>,
    offReason: string | null,
    winnerPublicity?: CommunicationPreferencesResult['winnerPublicity'],
  ): Promise<CommunicationPreferencesResult> {
    // A self-excluded customer may not switch marketing back on (ADR 077).
    const switchingOn = CHANNELS.some((c) => changes[c] === true && !row.communicationPreferences[c]);
    if (offReason !== null && switchingOn) throw new AppError(422, 'self_excluded', offReason);
    const preferences: Preferences = { ...row.communicationPreferences };
    for (const channel of CHANNELS) {
      const value = changes[channel];
      if (value !== undefined) preferences[channel] = value;
    }
    const saved = await repo.updateCustomer(
      row.id,
      {
        communicationPreferences: preferences,
        emailOptIn: preferences.email,
        ...(winnerPublicity ? { winnerPublicity } : {}),
      },
      ctx.now(),
    );
    return preferencesResult(saved ?? row, offReason);
  }

  return {
    /** The signed-in customer's preferences; another customer's id is 404. */
    async preferences(
      signedIn: SignedInCustomer,
      customerId: string,
    ): Promise<CommunicationPreferencesResult> {
      if (customerId !== signedIn.customer.id) throw customerNotFound();
      return preferencesResult(signedIn.customer, await marketingOffReason(customerId));
    },

    async updatePreferences(
      signedIn: SignedInCustomer,
      customerId: string,
      changes: Partial<Preferences>,
      winnerPublicity?: CommunicationPreferencesResult['winnerPublicity'],
    ): Promise<CommunicationPreferencesResult> {
      if (customerId !== signedIn.customer.id) throw customerNotFound();
      const offReason = await marketingOffReason(customerId);
      return savePreferences(signedIn.customer, changes, offReason, winnerPublicity);
    },

    /**
     * One topic's change from the unsubscribe link: signed in as the customer, or with the link's
     * token instead. A token is bound to its customer and topic, expires, and only switches channels
     * off. The reasons are logged.
     */
    async unsubscribe(
      signedIn: SignedInCustomer | undefined,
      input: {
        customerId: string;
        topic: string;
        token?: string | undefined;
        changes: Partial<Preferences>;
        reasons?: string[] | undefined;
      },
    ): Promise<CommunicationPreferencesResult> {
      let row: CustomerRow | undefined;
      if (signedIn) {
        if (input.customerId !== signedIn.customer.id) throw customerNotFound();
        row = signedIn.customer;
      } else {
        const ok =
          input.token !== undefined &&
          tokens.isUnsubscribeToken(input.customerId, input.topic, input.token, ctx.now());
        row = ok ? await repo.customerById(input.customerId) : undefined;
        if (!row) throw customerNotFound();
        if (Object.values(input.changes).some((on) => on === true)) {
          throw validationError(
            fieldErrors([['preferences', 'An unsubscribe link can only switch messages off.', 'off_only']]),
          );
        }
      }
      ctx.log.info({ customerId: row.id, topic: input.topic, reasons: input.reasons ?? [] }, 'unsubscribe');
      return savePreferences(row, input.changes, await marketingOffReason(row.id));
    },

    /** The unsubscribe link of a customer's marketing mail (or of one offer's mail), for 90 days. */
    unsubscribeUrl(customerId: string, productOfferKey?: string): string {
      const expires = new Date(ctx.now().getTime() + ACCOUNT_RULES.unsubscribeLinkTtlMs);
      const token = tokens.unsubscribeToken(customerId, productOfferKey ?? UNSUBSCRIBE_TOPIC, expires);
      const path = productOfferKey ? `${customerId}/${encodeURIComponent(productOfferKey)}` : customerId;
      return `${ctx.webBaseUrl}/unsubscribe/${path}?token=${token}`;
    },
  };
}
