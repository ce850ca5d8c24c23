/** What the draw pages share: money and statuses as operators read them, and a confirm dialog. */
import type { Money } from '@drawhouse/contract';
import { type ReactNode, useId, useRef } from 'react';

export const money = (m: Money) =>
  m.amount.toLocaleString('en-AU', { style: 'currency', currency: m.currency });

const STATUS_WORDS: Record<string, string> = {
  DRAW_OPEN: 'Open',
  DRAW_CLOSED: 'Closed, waiting for results',
  DRAW_DRAWN: 'Results published',
  DRAW_SCORED: 'Scored',
  DRAW_CAPPED: 'Prizes held for approval',
  DRAW_PAID: 'Paid',
  DRAW_EMAILED: 'Paid and announced',
};

export const statusWords = (status: string) => STATUS_WORDS[status] ?? status;
export const DRAW_STATUSES = Object.keys(STATUS_WORDS);

/** A draw's page address. */
export const drawPath = (offerKey: string, drawNo: number) =>
  `/draws/${encodeURIComponent(offerKey)}/${drawNo}`;

/**
 * A button that opens a modal dialog asking to confirm (a native <dialog>: focus stays inside it and
 * Escape closes it, giving focus back to the button); the dialog's confirm button submits `children`'s
 * form through the `form` attribute.
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  formId,
  danger,
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  formId: string;
  danger?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className={danger ? 'button-danger' : 'button-primary'}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto max-w-md rounded-md border border-muted p-6 backdrop:bg-black/40"
      >
        <h2 id={titleId} className="mb-2 text-xl font-semibold">
          {title}
        </h2>
        <div className="mb-4">{children}</div>
        <div className="flex gap-3">
          <button
            type="submit"
            form={formId}
            className={danger ? 'button-danger' : 'button-primary'}
            onClick={() => dialog.current?.close()}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button-secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
