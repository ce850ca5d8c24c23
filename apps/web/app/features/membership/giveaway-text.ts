/** The words the programme's pages use for a giveaway: its entry status, prizes and close time. */
import type { CustomerGiveaway, Giveaway, GiveawayPrize } from '@drawhouse/contract';
import { formatDrawDate, formatMoney, moneyToCents } from '@drawhouse/domain';

const LIST = new Intl.ListFormat('en-AU', { type: 'conjunction' });

/** The programme's giveaway types of one tier, as a sentence says them: "daily giveaway, preview giveaway and special giveaway". */
export function giveawayTypesText(
  types: readonly { name: string; tier: Giveaway['tier'] }[],
  tier: Giveaway['tier'],
): string {
  return LIST.format(types.filter((t) => t.tier === tier).map((t) => t.name.toLowerCase()));
}

/** The customer's entry in a giveaway, in words. */
export function entryStatusText(
  entry: Pick<CustomerGiveaway, 'entryStatus' | 'unlock'> | null | undefined,
): string {
  switch (entry?.entryStatus ?? null) {
    case 'guaranteed':
      return 'Guaranteed entry';
    case 'unlocked':
      return entry?.unlock === 'resolved' ? 'Unlocked: you are in the draw' : 'Entered';
    case 'locked':
      return entry?.unlock === 'pending'
        ? 'Locked: unlock pending until you buy a ticket or deposit this month'
        : 'Locked';
    default:
      return 'Not entered';
  }
}

export function prizeText(prize: GiveawayPrize): string {
  const amount = formatMoney(moneyToCents(prize.amount), prize.amount.currency);
  return `${prize.title}: ${amount} ${prize.kind === 'cash' ? 'cash' : 'ticket credit'}`;
}

/** "Closes Sat 28 Nov 2026, 9:00pm" (Sydney time); "Closed …" once it has. */
export function closeText(giveaway: Pick<Giveaway, 'close' | 'state'>): string {
  const when = formatDrawDate(new Date(giveaway.close));
  return giveaway.state === 'open' ? `Closes ${when}` : `Closed ${when}`;
}
