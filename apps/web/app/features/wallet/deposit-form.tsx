import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert, SelectField, SubmitButton, TextField, useFocusFirstError } from '../../components/form';
import { CardFields, TestCardsHint } from '../checkout/card-fields';
import { amountProblem, boundsText } from './amount';
import { AmountField } from './amount-field';
import type { DepositPage } from './deposit.server';
import { WALLET_TEST_OUTCOMES } from './deposit-methods';
import { useCardToken } from './use-card-token';
import { ATTEMPT_FIELD, type WalletFormResult } from './wallet-form';

export type DepositFormProps = Pick<
  DepositPage,
  'bounds' | 'capNote' | 'savedCards' | 'newCard' | 'wallets' | 'banks' | 'attemptKey'
>;

function firstChoice({ savedCards, newCard, wallets, banks }: DepositFormProps): string {
  const usable = savedCards.filter((c) => !c.expired);
  const card = usable.find((c) => c.isDefault) ?? usable[0];
  if (card) return `card:${card.id}`;
  if (newCard) return 'new-card';
  return wallets[0] ? `wallet:${wallets[0].code}` : banks[0] ? `bank:${banks[0].code}` : '';
}

/** One way to pay, as a radio button of the "Pay with" group. */
function MethodRadio({
  value,
  choice,
  onChoose,
  disabled,
  testId,
  children,
}: {
  value: string;
  choice: string;
  onChoose: (value: string) => void;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className="mt-2 flex items-center gap-2">
      <input
        type="radio"
        name="method"
        value={value}
        checked={choice === value}
        onChange={() => onChoose(value)}
        disabled={disabled}
        className="h-5 w-5"
        data-testid={testId}
      />
      {children}
    </label>
  );
}

/**
 * The deposit form: a saved card (its security code when the gateway asks), a new card, Apple Pay or
 * Google Pay (in test mode, the outcome to test), BPAY or bank transfer, and the amount within the
 * chosen method's bounds. A new card's details go from the browser to the gateway's tokenising
 * address; the form then posts only the token. The attempt's Idempotency-Key is kept for retries of the attempt and
 * replaced once the API has answered it.
 */
export function DepositForm(props: DepositFormProps) {
  const { savedCards, newCard, wallets, banks, attemptKey } = props;
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const [choice, setChoice] = useState(() => firstChoice(props));
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
  const wallet = wallets.find((w) => `wallet:${w.code}` === choice);
  const bank = banks.find((b) => `bank:${b.code}` === choice);
  const bounds = wallet?.bounds ?? bank?.bounds ?? props.bounds;
  const otherMethods = [
    ...wallets.map((w) => ({ value: `wallet:${w.code}`, label: w.label })),
    ...banks.map((b) => ({ value: `bank:${b.code}`, label: b.label })),
  ];

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
          <MethodRadio
            key={card.id}
            value={`card:${card.id}`}
            choice={choice}
            onChoose={setChoice}
            disabled={card.expired || busy}
          >
            {card.label}
            {card.expiry ? <span className="text-sm text-muted">expires {card.expiry}</span> : null}
            {card.expired ? <span className="text-sm text-muted">(expired)</span> : null}
          </MethodRadio>
        ))}
        {newCard ? (
          <MethodRadio
            value="new-card"
            choice={choice}
            onChoose={setChoice}
            disabled={busy}
            testId="deposit-new-card"
          >
            A new card
          </MethodRadio>
        ) : null}
        {otherMethods.map((method) => (
          <MethodRadio
            key={method.value}
            value={method.value}
            choice={choice}
            onChoose={setChoice}
            disabled={busy}
          >
            {method.label}
          </MethodRadio>
        ))}
      </fieldset>
      {errors.fundId ? <p className="mt-1 text-sm font-semibold text-red-800">{errors.fundId}</p> : null}
      {choice === 'new-card' && newCard ? (
        <>
          <CardFields errors={cardErrors} disabled={busy} />
          <TestCardsHint cards={newCard.testCards} />
        </>
      ) : null}
      {wallet ? (
        <>
          <input type="hidden" name="walletGateway" value={wallet.gateway} />
          <p className="mt-4 text-sm" data-testid="wallet-test-note">
            Demo mode: no real {wallet.name} sheet opens and no real money moves.
          </p>
          <SelectField
            name="walletOutcome"
            label="Test outcome"
            options={WALLET_TEST_OUTCOMES}
            defaultValue="approved"
            disabled={busy}
          />
        </>
      ) : null}
      {bank ? (
        <p className="mt-4 text-sm" data-testid="bank-deposit-note">
          {bank.code === 'bp'
            ? "You'll get a biller code and your reference to pay with in your bank's BPAY."
            : "You'll get our bank details and your reference to transfer to."}{' '}
          Your balance is credited when we receive the payment.
        </p>
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
      <AmountField
        error={errors.amount}
        hint={[boundsText(bounds), props.capNote].filter(Boolean).join(' ') || undefined}
        disabled={busy}
      />
      <SubmitButton
        busy={busy}
        disabled={!choice}
        label={bank ? 'Get payment details' : 'Deposit'}
        busyLabel={tokenising ? 'Checking your card...' : 'Depositing...'}
        testId="deposit-submit"
      />
    </fetcher.Form>
  );
}
