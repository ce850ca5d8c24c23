import type {
  PaymentResolution,
  RecurringPurchaseDetails,
  RecurringPurchaseMethod,
  ScheduledPurchase,
} from '@drawhouse/contract';
import {
  canMoveRecurring,
  formatDrawDate,
  formatLongDate,
  formatMoney,
  MAX_PAUSE_MS,
  moneyToCents,
} from '@drawhouse/domain';

/** Which list a recurring purchase is shown in, and the paths of its pages. */
export type RecurringListKind = 'autoplay' | 'subscriptions' | 'recurring-purchases';

export const RECURRING_LISTS: Record<
  RecurringListKind,
  { title: string; empty: string; apiPath: string; detailBase: string }
> = {
  autoplay: {
    title: 'Autoplay',
    empty: 'You have no autoplays. Tick Autoplay on a play screen to buy the same entry for every draw.',
    apiPath: '/autoplay',
    detailBase: '/my-account/autoplay/ticket',
  },
  subscriptions: {
    title: 'Subscriptions',
    empty: 'You have no subscriptions.',
    apiPath: '/subscriptions',
    detailBase: '/my-account/subscriptions/ticket',
  },
  'recurring-purchases': {
    title: 'Recurring purchases',
    empty: 'You have no recurring purchases.',
    apiPath: '/recurring_purchases',
    detailBase: '/my-account/autoplay/ticket',
  },
};

const TYPE_NAMES: Record<RecurringPurchaseDetails['type'], string> = {
  autoplay: 'Autoplay',
  subscription: 'Subscription',
  combined_recurring_purchase: 'Combined purchase',
};

/** Why an attempt did not buy, in words a customer reads (the API records a reason code). */
const REASONS: Record<string, string> = {
  insufficient_funds: 'Your balance was not enough. Add funds and we will try again before the draw closes.',
  spend_limit: 'It would have passed your spend limit. We will try again while the draw is on sale.',
  precommitment_limit:
    'It would have passed your precommitment. We will try again while the draw is on sale.',
  global_spend_limit:
    "It would have passed Drawhouse's spend limit. We will try again while the draw is on sale.",
  gateway_unavailable: 'Your card could not be charged just now. We will try again shortly.',
  card_expired: 'Your card has expired. Choose another way to pay in Cards and accounts.',
  account_closed: 'Your account is closed, so nothing was bought.',
  account_on_hold:
    'Your account is on hold, so nothing was bought. Contact us to lift the hold; we will try again while the draw is on sale.',
  verification_required: 'Your account needs verifying before we can buy it.',
  offer_withdrawn: 'The game is no longer on sale, so nothing was bought.',
  sold_out: 'The draw sold out, so nothing was bought.',
  draw_closed: 'The draw closed before it could be bought.',
  entry_unavailable: 'Its entry can no longer be bought as it was, so nothing was bought.',
  below_minimum_jackpot: 'The jackpot was under your minimum, so nothing was bought for that draw.',
};

export function reasonText(reason: string | null): string | null {
  if (!reason) return null;
  const known = REASONS[reason];
  if (known) return known;
  // A reason written in words already (it has spaces) is shown as it is; an unknown code is not.
  return reason.includes(' ') ? reason : 'It could not be bought this time.';
}

function moneyText(money: { amount: number; currency: string } | null): string | null {
  if (!money) return null;
  try {
    return formatMoney(moneyToCents(money), money.currency);
  } catch {
    return null;
  }
}

function dateOf(iso: string | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `yyyy-mm-dd` of an instant in Sydney, as a date input reads it. */
export function sydneyIsoDate(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return parts;
}

export type LastAttemptView = { outcome: string; reason: string | null; failed: boolean };

function lastAttempt(p: {
  lastAttemptStatus: RecurringPurchaseDetails['lastAttemptStatus'];
  lastAttemptReason: string | null;
  lastAttemptAt: string | null;
}): LastAttemptView | null {
  const at = dateOf(p.lastAttemptAt);
  if (!p.lastAttemptStatus || !at) return null;
  const when = formatDrawDate(at);
  if (p.lastAttemptStatus === 'purchased')
    return { outcome: `Bought on ${when}`, reason: null, failed: false };
  const outcome =
    p.lastAttemptStatus === 'soft_failure' ? `Not bought yet (tried ${when})` : `Not bought (tried ${when})`;
  return { outcome, reason: reasonText(p.lastAttemptReason), failed: true };
}

/**
 * An item that waits for verification says so once, in its own line ("Verify your account so we can
 * buy it again."): its last attempt then gives no reason that repeats it.
 */
function withoutVerificationReason(
  attempt: LastAttemptView | null,
  verificationRequired: boolean,
): LastAttemptView | null {
  return attempt && verificationRequired && attempt.reason === REASONS.verification_required
    ? { ...attempt, reason: null }
    : attempt;
}

export type RecurringItemView = {
  id: string;
  description: string;
  typeName: string;
  frequency: string;
  status: RecurringPurchaseDetails['status'];
  statusText: string;
  price: string | null;
  nextDraw: string | null;
  paysWith: string;
  lastAttempt: LastAttemptView | null;
  verificationRequired: boolean;
  /** Lottery autoplays: a minimum jackpot and quick pick can be set. */
  lottery: boolean;
  minimumJackpot: string | null;
  /** The minimum jackpot in dollars, for the form's input ("" when none). */
  minimumJackpotInput: string;
  quickpick: boolean;
  canPause: boolean;
  canResume: boolean;
  canCancel: boolean;
  /** The date input's bounds for a pause: tomorrow to a year ahead, Sydney dates. */
  pauseMin: string;
  pauseMax: string;
  href: string;
};

const STATUS_TEXT: Record<RecurringPurchaseDetails['status'], string> = {
  active: 'Active',
  paused: 'Paused until you resume it',
  timed_paused: 'Paused',
  cancelled: 'Cancelled',
};

/** One autoplay or subscription as its card and page show it. */
export function recurringItemView(
  p: RecurringPurchaseDetails,
  now: Date,
  detailBase: string,
): RecurringItemView {
  const pausedUntil = dateOf(p.pausedUntil);
  const minimumCents = p.minimumJackpotAmount ? moneyToCents(p.minimumJackpotAmount) : null;
  const next = dateOf(p.nextDrawDate);
  const base = p.type === 'subscription' ? '/my-account/subscriptions/ticket' : detailBase;
  return {
    id: p.autoplayId,
    description: p.description,
    typeName: TYPE_NAMES[p.type],
    frequency: p.frequencyLabel,
    status: p.status,
    statusText:
      p.status === 'timed_paused' && pausedUntil
        ? `Paused until ${formatLongDate(pausedUntil)}`
        : STATUS_TEXT[p.status],
    price: moneyText(p.price),
    nextDraw: next && p.status === 'active' ? formatDrawDate(next) : null,
    paysWith: p.defaultFund.label,
    lastAttempt: withoutVerificationReason(lastAttempt(p), p.verificationRequired),
    verificationRequired: p.verificationRequired,
    lottery: p.productType === 'lottery_ticket',
    minimumJackpot: moneyText(p.minimumJackpotAmount),
    minimumJackpotInput: minimumCents === null ? '' : String(minimumCents / 100),
    quickpick: p.quickpick,
    canPause: p.status !== 'cancelled' && canMoveRecurring(p.status, 'timed_paused'),
    canResume: p.status === 'paused' || p.status === 'timed_paused',
    canCancel: canMoveRecurring(p.status, 'cancelled'),
    pauseMin: sydneyIsoDate(new Date(now.getTime() + 24 * 60 * 60 * 1000)),
    pauseMax: sydneyIsoDate(new Date(now.getTime() + MAX_PAUSE_MS - 24 * 60 * 60 * 1000)),
    href: `${base}/${encodeURIComponent(p.autoplayId)}`,
  };
}

export type ScheduledItemView = {
  id: string;
  description: string;
  kindText: string;
  statusText: string;
  amount: string | null;
  draw: string | null;
  lastAttempt: LastAttemptView | null;
  cancellable: boolean;
};

export function scheduledItemView(s: ScheduledPurchase): ScheduledItemView {
  const drawDate = dateOf(s.draw?.drawDate ?? null);
  return {
    id: s.encodedId,
    description: s.description,
    kindText: s.kind === 'pre_order' ? 'Pre-order' : 'Scheduled purchase',
    statusText:
      s.status === 'cancelled'
        ? 'Cancelled'
        : s.charged
          ? 'Bought'
          : 'Waiting for its draw to open: nothing has been charged yet',
    amount: moneyText(s.amount),
    draw: s.draw && drawDate ? `Draw ${s.draw.drawNo} · ${formatDrawDate(drawDate)}` : null,
    lastAttempt: lastAttempt(s),
    cancellable: s.cancellable,
  };
}

/**
 * The pause a form asks for: until a date (`yyyy-mm-dd`, sent as it is: the API reads a date alone
 * as that day's start), or indefinitely; an error message when the date is not one a pause may end on.
 */
export function pauseRequest(
  form: { mode: string; until: string },
  now: Date,
): { status: 'paused' | 'timed_paused'; pausedUntil: string | null } | { error: string } {
  if (form.mode === 'indefinitely') return { status: 'paused', pausedUntil: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.until)) return { error: 'Choose the date your pause ends.' };
  if (form.until <= sydneyIsoDate(now)) return { error: 'The pause must end after today.' };
  if (form.until > sydneyIsoDate(new Date(now.getTime() + MAX_PAUSE_MS))) {
    return { error: 'A pause can last at most one year.' };
  }
  return { status: 'timed_paused', pausedUntil: form.until };
}

export type RecurringMethodView = {
  options: { key: string; label: string }[];
  selected: string;
  /** How the chosen method pays now: "Wallet", or why it cannot ("Visa ending 4242: cannot pay now"). */
  current: string;
  unfunded: boolean;
};

/** The recurring purchase method form: each way to pay, saying so when it cannot pay now. */
export function recurringMethodView(method: RecurringPurchaseMethod): RecurringMethodView {
  const unfunded = method.defaultFund.kind === 'unfunded';
  return {
    options: method.availableRecurringPurchaseMethods.map((m) => {
      const balance = m.balance ? moneyText(m.balance) : null;
      const funds = m.funded ? (balance ? ` (${balance})` : '') : ' (cannot pay now)';
      return { key: m.key, label: `${m.label}${funds}` };
    }),
    selected: method.selectedRecurringPurchaseMethodKey ?? '',
    current: unfunded
      ? `${method.defaultFund.label}: it cannot pay now, so recurring purchases wait until it can.`
      : method.defaultFund.label,
    unfunded,
  };
}

export type ResolutionView = {
  id: string;
  description: string;
  outcome: string;
  reason: string | null;
  href: string;
};

const RESOLUTION_OUTCOMES: Partial<Record<PaymentResolution['status'], string>> = {
  retrying: 'Not bought yet: we will try again while the draw is on sale.',
  retry_error: 'Not bought: stopped until you act.',
};

/** Reasons whose words already say when we try again: a retried attempt's outcome does not repeat it. */
const REASONS_SAYING_THE_RETRY = new Set([
  'insufficient_funds',
  'spend_limit',
  'precommitment_limit',
  'global_spend_limit',
  'gateway_unavailable',
  'account_on_hold',
]);

/** The attempts that need the customer: still being retried, or stopped until they act. */
export function resolutionViews(resolutions: readonly PaymentResolution[]): ResolutionView[] {
  return resolutions.flatMap((r) => {
    const retrySaid = r.status === 'retrying' && r.reason !== null && REASONS_SAYING_THE_RETRY.has(r.reason);
    const outcome = retrySaid ? 'Not bought yet.' : RESOLUTION_OUTCOMES[r.status];
    if (!outcome) return [];
    const base =
      r.type === 'subscription' ? '/my-account/subscriptions/ticket' : '/my-account/autoplay/ticket';
    return [
      {
        id: r.id,
        description: r.drawNo === null ? r.description : `${r.description}, draw ${r.drawNo}`,
        outcome,
        reason: reasonText(r.reason),
        href: `${base}/${encodeURIComponent(r.autoplayId)}`,
      },
    ];
  });
}
