import { useState } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * "Cancel {what}" and its confirmation: the dialog's "Yes, cancel it" posts `intent=cancel` through
 * `fetcher`, so the page shows the outcome as it shows its other changes.
 */
export function CancelControl<T>({
  fetcher,
  what,
  description,
  keepLabel,
}: {
  fetcher: FetcherWithComponents<T>;
  /** "autoplay", "pre-order". */
  what: string;
  description: string;
  keepLabel: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      testId="cancel-dialog"
      title={`Cancel this ${what}?`}
      description={description}
      keepLabel={keepLabel}
      trigger={
        <button type="button" className="button-secondary">
          Cancel {what}
        </button>
      }
      confirm={
        <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
            Yes, cancel it
          </button>
        </fetcher.Form>
      }
    />
  );
}
