import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A header drawer (Radix dialog: focus stays inside, Escape closes, page scroll is locked) sliding
 * in from one side. Closing it hands focus to `onClosed` (the button that opened it).
 */
export function DrawerDialog({
  side,
  testId,
  open,
  onOpenChange,
  onClosed,
  children,
}: {
  side: 'left' | 'right';
  testId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99995] bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className={`fixed inset-y-0 ${side === 'left' ? 'left-0' : 'right-0'} z-[99996] flex w-80 max-w-[90vw] flex-col overflow-y-auto bg-page text-ink shadow-xl`}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
