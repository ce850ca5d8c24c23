import { type FormEvent, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { CardFields, TestCardsHint } from '../checkout/card-fields';
import type { DepositPage } from './deposit.server';
import { useCardToken } from './use-card-token';
import type { WalletFormResult } from './wallet-form';

/** The intent of the add card form. */
export const ADD_CARD = 'add-card';

/**
 * Saves a new card: the browser sends its details to the gateway's tokenising address, then posts
 * only the token to the shop, which saves it as a fund.
 */
export function AddCardForm({ newCard }: { newCard: NonNullable<DepositPage['newCard']> }) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const { tokenising, cardErrors, tokenise } = useCardToken(newCard.tokenizeUrl);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = tokenising || fetcher.state !== 'idle';
  useEffect(() => {
    if (result?.ok && result.message) {
      notify({ level: 'success', message: result.message });
      formRef.current?.reset();
    }
  }, [result, notify]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = await tokenise(event.currentTarget);
    if (!card) return;
    fetcher.submit({ intent: ADD_CARD, token: card.token, gateway: newCard.gateway }, { method: 'post' });
  }

  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a card"
      className="max-w-xl"
    >
      <FormAlert error={cardErrors.general ?? result?.errors?.general} />
      <CardFields errors={cardErrors} disabled={busy} />
      <TestCardsHint cards={newCard.testCards} />
      <SubmitButton
        busy={busy}
        label="Save card"
        busyLabel={tokenising ? 'Checking your card...' : 'Saving...'}
        testId="save-card"
      />
    </fetcher.Form>
  );
}
