import type { ReactNode } from 'react';

/**
 * The frame of a banner below the header that asks the signed-in customer to do something before
 * buying: a heading, the words (`textId` lets the action name them), and the action.
 */
export function AccountBanner({
  id,
  title,
  textId,
  children,
  action,
}: {
  id: string;
  title: string;
  textId: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="border-b border-black/10 bg-surface">
      <div className="container-page flex flex-wrap items-center gap-3 py-3">
        <div className="min-w-0 flex-1 basis-64 break-words">
          <h2 id={`${id}-title`} className="font-semibold">
            {title}
          </h2>
          <p id={textId}>{children}</p>
        </div>
        {action}
      </div>
    </section>
  );
}
