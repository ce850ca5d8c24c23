import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode; note?: ReactNode; testId?: string };

/** Labelled figures in tiles (amounts, where money went, dates). */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-lg bg-surface p-4">
          <dt className="text-sm text-muted">{fact.label}</dt>
          <dd className="text-xl font-bold" data-testid={fact.testId}>
            {fact.value}
          </dd>
          {fact.note ? <dd className="text-sm">{fact.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
