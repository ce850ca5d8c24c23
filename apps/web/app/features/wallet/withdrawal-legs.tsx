import type { Withdrawal } from '@drawhouse/contract';
import { moneyText } from './amount';

const LEG_STATUS: Record<Withdrawal['legs'][number]['status'], string> = {
  pending: 'To be paid',
  paid: 'Paid',
  failed: 'Not paid',
};

/** Where a withdrawal's money goes: card refunds (closed loop) and the account, each with its expected arrival. */
export function WithdrawalLegs({ withdrawal }: { withdrawal: Withdrawal }) {
  if (withdrawal.legs.length === 0) return null;
  return (
    <section aria-labelledby={`legs-${withdrawal.id}`} className="mt-6">
      <h2 id={`legs-${withdrawal.id}`} className="text-xl font-bold">
        Where the money goes
      </h2>
      <ul className="mt-2 grid gap-2" data-testid="withdrawal-legs">
        {withdrawal.legs.map((leg) => (
          <li
            key={`${leg.kind}-${leg.display}`}
            className="rounded-lg bg-surface p-3"
            data-testid={`withdrawal-leg-${leg.kind}`}
          >
            <span className="font-semibold">{moneyText(leg.amount)}</span>{' '}
            {leg.kind === 'card' ? `back to ${leg.display} (a card refund)` : `to ${leg.display}`}:{' '}
            <span data-testid="withdrawal-leg-status">{LEG_STATUS[leg.status]}</span>
            {leg.expectedArrival ? (
              <p className="text-sm" data-testid="withdrawal-leg-arrival">
                Expected: {leg.expectedArrival.text}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
