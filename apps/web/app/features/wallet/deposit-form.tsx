import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton, TextField, useFocusFirstError } from '../../components/form';
import { CardFields, TestCardsHint } from '../checkout/card-fields';
import type { SavedCard } from '../checkout/checkout.server';
import { amountProblem, boundsText } from './amount';
import { AmountField } from './amount-field';
import type { DepositPage } from './deposit.server';
import { useCardToken } from './use-card-token';
import { ATTEMPT_FIELD, type WalletFormResult } from './wallet-form';

export type DepositFormProps = Pick<DepositPage, 'bounds' | 'savedCards' | 'newCard' | 'attemptKey'>;

function firstChoice(cards: readonly SavedCard[], hasNewCard: boolean): string {
  const usable = cards.filter((c) => !c.expired);
  const card = usable.find((c) => c.isDefault) ?? usable[0];
  return card ? `card:${card.id}` : hasNewCard ? 'new-card' : '';
}

/**
 * The deposit form: a saved card (its security code when the gateway asks) or a new card, and the
 * amount. A new card's details go from the browser to the gateway's tokenising address; the form
 * then posts only the token. The attempt's Idempotency-Key is kept for retries of the attempt and
 * replaced once the API has answered it.
 */
export function DepositForm({ bounds, savedCards, newCard, attemptKey }: DepositFormProps) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const [choice, setChoice] = useState(() => firstChoice(savedCards, newCard !== null));
  const { tokenising, cardErrors, tokenise } = useCardToken(newCard?.tokenizeUrl);
  const [amountError, setAmountError] = useState<string>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const key = fetcher.data?.nextKey ?? attemptKey;
  const busy = tokenising || fetcher.state !== 'idle';
  const errors: Record<string, string | undefined> = {
    ...result?.errors,
    ...(amountError ? { amount: amountError } : {}),
  };
  useFocusFirstError(formRef, result?.errors);

  // A new card saved by a failed attempt is in the saved list now: the retry uses it.
  useEffect(() => {
    if (result?.savedFundId) setChoice(`card:${result.savedFundId}`);
  }, [result]);

  const selected = savedCards.find((c) => `card:${c.id}` === choice);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const problem = amountProblem(String(data.get('amount') ?? ''), bounds);
    setAmountError(problem);
    if (choice === 'new-card' && newCard) {
      const card = await tokenise(form, problem !== undefined);
      if (!card) return;
      data.set('token', card.token);
      data.set('csc', card.csc);
      data.set('gateway', newCard.gateway);
    } else if (problem) {
      return;
    } else if (selected) {
      data.set('fundId', selected.id);
    }
    fetcher.submit(data, { method: 'post' });
  }

  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      data-testid="deposit-form"
      aria-label="Deposit"
      className="max-w-xl"
    >
      <input type="hidden" name="intent" value="deposit" />
      <input type="hidden" name={ATTEMPT_FIELD} value={key} />
      <FormAlert error={errors.general ?? cardErrors.general} />
      <fieldset className="mt-4">
        <legend className="font-semibold">Pay with</legend>
        {savedCards.map((card) => (
          <label key={card.id} className="mt-2 flex items-center gap-2">
            <input
              type="radio"
              name="method"
              value={`card:${card.id}`}
              checked={choice === `card:${card.id}`}
              onChange={() => setChoice(`card:${card.id}`)}
              disabled={card.expired || busy}
              className="h-5 w-5"
            />
            {card.label}
            {card.expiry ? <span className="text-sm text-muted">expires {card.expiry}</span> : null}
            {card.expired ? <span className="text-sm text-muted">(expired)</span> : null}
          </label>
        ))}
        {newCard ? (
          <label className="mt-2 flex items-center gap-2">
            <input
              type="radio"
              name="method"
              value="new-card"
              checked={choice === 'new-card'}
              onChange={() => setChoice('new-card')}
              disabled={busy}
              className="h-5 w-5"
              data-testid="deposit-new-card"
            />
            A new card
          </label>
        ) : null}
      </fieldset>
      {errors.fundId ? <p className="mt-1 text-sm font-semibold text-red-800">{errors.fundId}</p> : null}
      {choice === 'new-card' && newCard ? (
        <>
          <CardFields errors={cardErrors} disabled={busy} />
          <TestCardsHint cards={newCard.testCards} />
        </>
      ) : null}
      {selected?.cscRequired ? (
        <TextField
          name="csc"
          label="Security code (CSC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          error={errors.csc}
          className="mt-4 max-w-xs"
        />
      ) : null}
      <AmountField error={errors.amount} hint={boundsText(bounds)} disabled={busy} />
      <SubmitButton
        busy={busy}
        disabled={!choice}
        label="Deposit"
        busyLabel={tokenising ? 'Checking your card...' : 'Depositing...'}
        testId="deposit-submit"
      />
    </fetcher.Form>
  );
}
