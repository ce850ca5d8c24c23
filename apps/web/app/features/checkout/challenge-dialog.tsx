import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { CHALLENGE_FRAME_SIZES, type ChallengeFrameSize, challengeFrameSize } from './challenge-frame';

/**
 * The card issuer's 3-D Secure check, in a frame of one of the scheme's sizes (Radix dialog: focus
 * stays inside, Escape or Cancel closes it). The check ends on the shop's /3ds/notify page inside
 * the frame, which moves the whole window on to the payment's result.
 */
export function ChallengeDialog({ url, onAbandon }: { url: string; onAbandon: () => void }) {
  const [size] = useState<ChallengeFrameSize>(() =>
    typeof window === 'undefined' ? 'Medium' : challengeFrameSize(window.innerWidth, window.innerHeight),
  );
  const fullScreen = size === 'FullScreen';
  const frame = fullScreen ? undefined : CHALLENGE_FRAME_SIZES[size];
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onAbandon())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/60" />
        <Dialog.Content
          data-testid="challenge-dialog"
          data-frame-size={size}
          className={
            fullScreen
              ? 'fixed inset-0 z-[99998] flex flex-col bg-page p-2 text-ink'
              : 'fixed left-1/2 top-1/2 z-[99998] flex -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-page p-4 text-ink shadow-xl'
          }
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold">Confirm your payment</Dialog.Title>
              <Dialog.Description className="text-sm text-muted">
                Your card issuer asks you to confirm it is you.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded px-2 py-1 font-semibold underline"
              data-testid="challenge-cancel"
            >
              Cancel
            </Dialog.Close>
          </div>
          <iframe
            src={url}
            title="Card issuer's check"
            data-testid="challenge-frame"
            className={fullScreen ? 'mt-2 w-full flex-1 border-0' : 'mt-2 border-0'}
            style={frame ? { width: frame.width, height: frame.height } : undefined}
            referrerPolicy="no-referrer"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
