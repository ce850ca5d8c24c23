import { ApiError } from '../../lib/api.server';
import { formFailure } from '../../lib/form-errors.server';
import { type FormResult, formText } from '../../lib/forms';
import type { Visitor } from '../../lib/visitor.server';
import { changeRecurringStatus, patchAutoplay } from './recurring.server';
import { pauseRequest } from './recurring-view';

const DONE: Record<string, string> = {
  pause: 'Paused.',
  resume: 'Resumed: it buys again from the next draw.',
  cancel: 'Cancelled: nothing more will be bought.',
  'minimum-jackpot': 'Your minimum jackpot has been saved.',
  quickpick: 'Quick pick has been saved.',
};

/**
 * The changes an autoplay's or subscription's page posts (`intent`): pause until a date or until
 * resumed, resume, cancel, the minimum jackpot and quick pick. The API checks every change against
 * the domain's table of statuses; a refusal is shown under the form.
 */
export async function recurringAction(
  visitor: Visitor,
  kind: 'autoplay' | 'subscriptions',
  id: string | undefined,
  form: FormData,
  now: Date,
): Promise<FormResult & { intent: string }> {
  const intent = formText(form, 'intent');
  try {
    if (intent === 'pause') {
      const pause = pauseRequest(
        { mode: formText(form, 'pauseMode'), until: formText(form, 'pausedUntil') },
        now,
      );
      if ('error' in pause) return { ok: false, intent, errors: { pausedUntil: pause.error } };
      await changeRecurringStatus(visitor, kind, id, pause);
    } else if (intent === 'resume') {
      await changeRecurringStatus(visitor, kind, id, { status: 'active', pausedUntil: null });
    } else if (intent === 'cancel') {
      await changeRecurringStatus(visitor, kind, id, { status: 'cancelled', pausedUntil: null });
    } else if (intent === 'minimum-jackpot' && kind === 'autoplay') {
      const amount = formText(form, 'minimumJackpotAmount').replace(/[$,\s]/g, '');
      await patchAutoplay(visitor, id, { minimumJackpotAmount: amount === '' ? null : amount });
    } else if (intent === 'quickpick' && kind === 'autoplay') {
      await patchAutoplay(visitor, id, { quickpick: formText(form, 'quickpick') === 'true' });
    } else {
      return { ok: false, intent, errors: { general: 'That change is not one this page makes.' } };
    }
    return { ok: true, intent, message: DONE[intent] };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ...formFailure(error), intent };
  }
}
