import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A modal that asks before an action that cannot be undone (Radix dialog: focus stays inside,
 * Escape and "Keep it" close it and hand focus back to the button that opened it). `trigger` is
 * that button; `confirm` is the button (usually a form's submit) that does it.
 */
export function ConfirmDialog({
  title,
  description,
  trigger,
  confirm,
  keepLabel,
  open,
  onOpenChange,
  testId,
}: {
  title: string;
  description: ReactNode;
  trigger: ReactNode;
  confirm: ReactNode;
  keepLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-[99998] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-page p-6 text-ink shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2">{description}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <button type="button" className="button-secondary">
                {keepLabel}
              </button>
            </Dialog.Close>
            {confirm}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
