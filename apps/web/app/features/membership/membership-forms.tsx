/**
 * The programme's buttons: join free, unlock a giveaway, leave (a dialog that says what leaving
 * costs; Radix keeps focus inside, Escape closes it), and the sticky call to action that picks one
 * of them from the API's call to action. Each posts to the page's own action.
 */
import type { CallToActionView, CustomerGiveaway } from '@drawhouse/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { useFormResult } from '../../components/use-form-result';
import type { FormResult } from '../../lib/forms';

export const TIERS_PATH = '/daily-winners/membership-tiers';
export const WINNERS_PATH = '/daily-winners/winners';

function useMembershipForm(intent: string, giveawayId?: string) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    (giveawayId === undefined || navigation.formData?.get('giveawayId') === giveawayId);
  const result = useActionData() as FormResult | undefined;
  return { busy, ...useFormResult(result, navigation.state !== 'idle') };
}

function FormError({ errors }: { errors: Record<string, string> }) {
  return errors.general ? (
    <p role="alert" tabIndex={-1} data-form-alert className="mt-2 font-semibold text-red-800">
      {errors.general}
    </p>
  ) : null;
}

/** Join free (`join`), or from a deposit (`join-deposit`, the programme's deposit page). */
export function JoinButton({
  label = 'Join free',
  intent = 'join',
}: {
  label?: string;
  intent?: 'join' | 'join-deposit';
}) {
  const { busy, formRef, errors } = useMembershipForm(intent);
  return (
    <Form method="post" ref={formRef} className="inline">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button-primary" disabled={busy} data-testid={`membership-${intent}`}>
        {busy ? 'Joining…' : label}
      </button>
      <FormError errors={errors} />
    </Form>
  );
}

/** Unlock a locked premium giveaway; a pending unlock says what resolves it. */
export function UnlockButton({ giveaway }: { giveaway: Pick<CustomerGiveaway, 'id' | 'title' | 'unlock'> }) {
  const { busy, formRef, errors } = useMembershipForm('unlock', giveaway.id);
  if (giveaway.unlock === 'pending') {
    return (
      <p className="font-semibold" data-testid="unlock-pending">
        Unlock pending: buy a ticket or make a deposit before it closes and your entry unlocks.
      </p>
    );
  }
  return (
    <Form method="post" ref={formRef} className="inline">
      <input type="hidden" name="intent" value="unlock" />
      <input type="hidden" name="giveawayId" value={giveaway.id} />
      <button
        type="submit"
        className="button-primary"
        disabled={busy}
        aria-label={`Unlock ${giveaway.title}`}
        data-testid="giveaway-unlock"
      >
        {busy ? 'Unlocking…' : 'Unlock'}
      </button>
      <FormError errors={errors} />
    </Form>
  );
}

/** Leave Daily Winners: asks first, listing what leaving loses. */
export function LeaveButton({ loses }: { loses: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const { busy, formRef, errors } = useMembershipForm('leave');
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button-secondary" data-testid="membership-leave">
          Leave Daily Winners
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          data-testid="leave-dialog"
          className="fixed left-1/2 top-1/2 z-[99998] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-page p-6 text-ink shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">Leave Daily Winners?</Dialog.Title>
          <Dialog.Description className="mt-2">If you leave, you lose:</Dialog.Description>
          <ul className="mt-2 list-disc space-y-1 pl-6" data-testid="leaving-loses">
            {loses.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Form method="post" ref={formRef} className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="leave" />
            <Dialog.Close asChild>
              <button type="button" className="button-secondary">
                Stay a member
              </button>
            </Dialog.Close>
            <button type="submit" className="button-primary" disabled={busy} data-testid="leave-confirm">
              {busy ? 'Leaving…' : 'Leave'}
            </button>
          </Form>
          <FormError errors={errors} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The sticky call to action at the foot of the programme's pages: the API's text, and the button
 * its action asks for (join free, go premium, unlock, see the winners).
 */
export function CallToActionBar({
  cta,
  giveaway,
}: {
  cta: CallToActionView;
  /** The giveaway an unlock is for (a giveaway's page). */
  giveaway?: Pick<CustomerGiveaway, 'id' | 'title' | 'unlock'>;
}) {
  return (
    <aside
      aria-label="Daily Winners"
      className="sticky bottom-0 z-10 mt-8 border-t border-black/10 bg-page py-4 shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
      data-testid="membership-cta"
      data-kind={cta.kind}
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="font-semibold" data-testid="membership-cta-text">
          {cta.text}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {cta.action === 'join' ? <JoinButton /> : null}
          {cta.action === 'upgrade' || cta.action === 'unlock' ? (
            <Link to={TIERS_PATH} className="button-primary" data-testid="membership-go-premium">
              Go premium
            </Link>
          ) : null}
          {cta.action === 'unlock' && giveaway ? <UnlockButton giveaway={giveaway} /> : null}
          {cta.action === 'winners' ? (
            <Link to={WINNERS_PATH} className="button-primary">
              See the winners
            </Link>
          ) : null}
        </div>
      </div>
    </aside>
  );
}
