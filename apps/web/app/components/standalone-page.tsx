import type { ReactNode } from 'react';

/** A page of its own (sign-in related screens): a heading and a narrow column. */
export function StandalonePage({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="container-page py-8">
      <section className="max-w-xl" aria-labelledby="page-heading" data-testid={testId}>
        <h1 id="page-heading" className="text-3xl font-extrabold">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
