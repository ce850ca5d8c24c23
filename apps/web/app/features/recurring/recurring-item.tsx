import { Link } from 'react-router';
import type { LastAttemptView, RecurringItemView } from './recurring-view';

export function LastAttempt({ attempt }: { attempt: LastAttemptView | null }) {
  if (!attempt) return <p className="text-sm text-muted">Nothing has been bought yet.</p>;
  return (
    <div data-testid="last-attempt">
      <p className="text-sm font-semibold">{attempt.outcome}</p>
      {attempt.reason ? <p className="text-sm">{attempt.reason}</p> : null}
    </div>
  );
}

/** What an autoplay or subscription is: the facts every list card and page shows. */
export function RecurringFacts({ item }: { item: RecurringItemView }) {
  const facts: { label: string; value: string; testId?: string }[] = [
    { label: 'How often', value: item.frequency, testId: 'recurring-frequency' },
    { label: 'Status', value: item.statusText, testId: 'recurring-status' },
  ];
  if (item.price) facts.push({ label: 'Each purchase', value: item.price });
  if (item.nextDraw) facts.push({ label: 'Next draw', value: item.nextDraw });
  if (item.lottery) {
    facts.push({
      label: 'Minimum jackpot',
      value: item.minimumJackpot ?? 'None: every draw',
      testId: 'recurring-minimum-jackpot',
    });
    facts.push({ label: 'Quick pick', value: item.quickpick ? 'On' : 'Off', testId: 'recurring-quickpick' });
  }
  facts.push({ label: 'Pays with', value: item.paysWith });
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-2">
      {facts.map((f) => (
        <div key={f.label}>
          <dt className="text-sm font-semibold text-muted">{f.label}</dt>
          <dd data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card of the account's lists, linking to the item's page where it is changed. */
export function RecurringCard({ item }: { item: RecurringItemView }) {
  return (
    <li className="rounded-lg bg-surface p-4" data-testid={`recurring-${item.id}`}>
      <h2 className="text-lg font-bold">
        <Link to={item.href} className="link">
          {item.description}
        </Link>
      </h2>
      <p className="text-sm text-muted">{item.typeName}</p>
      <RecurringFacts item={item} />
      <div className="mt-3">
        <h3 className="text-sm font-semibold text-muted">Last attempt</h3>
        <LastAttempt attempt={item.lastAttempt} />
      </div>
      {item.verificationRequired ? (
        <p className="mt-2 text-sm font-semibold">Verify your account so we can buy it again.</p>
      ) : null}
    </li>
  );
}
