import { type ReactNode, useId } from 'react';

/** The frame of a buy panel on an offer page: a titled section. */
export function BuyPanel({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 flex flex-col gap-4 rounded-xl border border-black/10 bg-surface p-5"
      data-testid={testId}
    >
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
