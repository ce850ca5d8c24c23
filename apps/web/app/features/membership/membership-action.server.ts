/**
 * The programme's form actions, shared by its pages and the account's giveaway pages: join free,
 * leave, and unlock a giveaway. A visitor who is not signed in goes to log in first.
 */

import { requireCustomer } from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import { type FormResult, formText } from '../../lib/forms';
import type { Visitor } from '../../lib/visitor.server';
import { requestUnlock, updateMembership } from './membership.server';

export const MEMBERSHIP_INTENTS = ['join', 'leave', 'unlock'] as const;

export async function membershipAction(visitor: Visitor, form: FormData): Promise<FormResult> {
  requireCustomer(visitor);
  const intent = formText(form, 'intent');
  try {
    if (intent === 'join') {
      await updateMembership(visitor, 'member', 'free');
      return { ok: true, message: 'Welcome to Daily Winners: you are in every daily giveaway.' };
    }
    if (intent === 'leave') {
      await updateMembership(visitor, 'non-member');
      return { ok: true, message: 'You have left Daily Winners.' };
    }
    if (intent === 'unlock') {
      const giveaway = await requestUnlock(visitor, formText(form, 'giveawayId'));
      return {
        ok: true,
        message:
          giveaway.unlock === 'resolved'
            ? `Your entry in ${giveaway.title} is unlocked.`
            : `Unlock pending: buy a ticket or make a deposit before ${giveaway.title} closes and your entry unlocks.`,
      };
    }
    return { ok: false, errors: { general: 'That is not something this page can do.' } };
  } catch (error) {
    return formFailure(error);
  }
}
