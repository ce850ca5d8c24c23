import { formatMoney } from '@drawhouse/domain';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormAlert } from '../../components/form';
import { CardFields, cardValues, TestCardsHint } from './card-fields';
import { ChallengeDialog } from './challenge-dialog';
import type { PaymentAnswer, PaymentOptions } from './checkout.server';
import { isPaymentBrand, PaymentLogo, PaymentLogos } from './payment-logos';
import { paymentSplit } from './payment-split';
import { type CardErrors, checkCardForm, tokeniseCard } from './tokenise-card';

/** A fresh Idempotency-Key for a new attempt (the page's first one comes from the server). */
function newAttemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const ABANDONED_CHALLENGE =
  'You closed the card check, so the payment did not go through. Nothing was charged: you can pay again.';

type Method = 'new-card' | 'paypal' | 'wallet:ap' | 'wallet:gp' | `card:${string}`;

function firstMethod(options: PaymentOptions): Method | undefined {
  const usable = options.savedCards.filter((c) => !c.expired);
  const saved = usable.find((c) => c.isDefault) ?? usable[0];
  if (saved) return `card:${saved.id}`;
  if (options.newCard) return 'new-card';
  if (options.paypal) return 'paypal';
  const wallet = options.wallets[0];
  if (wallet) return `wallet:${wallet.code}`;
  return undefined;
}

/**
 * The payment step: the amount due now, the balance toggle, the ways to pay (saved cards, a new card,
 * PayPal) and the pay button. A new card is tokenised by the browser first; the form then posts only
 * the token. The attempt's Idempotency-Key stays the same across retries of one attempt.
 */
export function PaymentForm({
  options,
  action,
  balanceFirst = false,
}: {
  options: PaymentOptions;
  action: string;
  /** The balance always pays first (a partner purchase): no toggle. */
  balanceFirst?: boolean;
}) {
  const fetcher = useFetcher<PaymentAnswer>();
  const [useBalance, setUseBalance] = useState(balanceFirst || options.balanceCents > 0);
  const [method, setMethod] = useState<Method | undefined>(() => firstMethod(options));
  const [attemptKey, setAttemptKey] = useState(options.attemptKey);
  const [tokenising, setTokenising] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [challenge, setChallenge] = useState<{ url: string } | undefined>();
  const handled = useRef<unknown>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();

  const { currency } = options;
  const money = (cents: number) => formatMoney(cents, currency);
  const split = paymentSplit({ ...options, useBalance });
  const needsMethod = split.toPayCents > 0;
  const busy = tokenising || fetcher.state !== 'idle' || challenge !== undefined;
  const choice = needsMethod ? method : undefined;
  const selectedCard = choice?.startsWith('card:')
    ? options.savedCards.find((c) => `card:${c.id}` === choice)
    : undefined;

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      setMessage(answer.error);
      // The new card was saved before the payment failed: a retry pays with it (its security code
      // is asked again), as its token is used up.
      if (answer.fundId) setMethod(`card:${answer.fundId}`);
      if (answer.retry === 'new') setAttemptKey(newAttemptKey());
    } else if ('challenge' in answer) {
      setChallenge({ url: answer.challenge.url });
    } else if ('approvalUrl' in answer) {
      window.location.assign(answer.approvalUrl);
    }
  }, [answer]);

  // A message replaces the busy button as the thing to read: focus moves to it (the button was
  // disabled under the customer's focus while the payment ran).
  useEffect(() => {
    if (message) formRef.current?.querySelector<HTMLElement>('[data-form-alert]')?.focus();
  }, [message]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setMessage(undefined);
    if (choice === 'new-card' && options.newCard) {
      const values = cardValues(form);
      const problems = checkCardForm(values, new Date());
      if (problems) {
        setCardErrors(problems);
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return;
      }
      setCardErrors({});
      setTokenising(true);
      const tokenised = await tokeniseCard(options.newCard.tokenizeUrl, values);
      setTokenising(false);
      if (!tokenised.ok) {
        setCardErrors(tokenised.errors);
        if (tokenised.errors.general) setMessage(tokenised.errors.general);
        return;
      }
      data.set('token', tokenised.card.token);
      // The gateway asks for the security code with each charge, the first one included.
      data.set('csc', values.csc.trim());
    }
    fetcher.submit(data, { method: 'post', action });
  }

  function abandonChallenge() {
    setChallenge(undefined);
    setAttemptKey(newAttemptKey());
    setMessage(ABANDONED_CHALLENGE);
  }

  const payLabel = !needsMethod
    ? `Pay ${money(split.dueNowCents)} from my balance`
    : choice === 'paypal'
      ? `Continue to PayPal to pay ${money(split.toPayCents)}`
      : `Pay ${money(split.toPayCents)}`;

  return (
    <section aria-labelledby={headingId} className="grid max-w-xl gap-4" data-testid="payment-step">
      <h2 id={headingId} className="text-2xl font-bold">
        Payment
      </h2>
      <form
        ref={formRef}
        method="post"
        action={action}
        onSubmit={onSubmit}
        noValidate
        data-testid="payment-form"
      >
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="attemptKey" value={attemptKey} />
        <input type="hidden" name="expectedCents" value={split.dueNowCents} />
        {options.newCard ? <input type="hidden" name="gateway" value={options.newCard.gateway} /> : null}
        {options.paypal ? <input type="hidden" name="paypalFundId" value={options.paypal.fundId} /> : null}

        <dl className="grid gap-1 rounded-lg bg-surface p-4" data-testid="amount-due">
          <div className="flex justify-between">
            <dt className="font-semibold">Due now</dt>
            <dd className="text-xl font-extrabold" data-testid="due-now">
              {money(split.dueNowCents)}
            </dd>
          </div>
          {options.preOrderTotalCents > 0 ? (
            <div className="flex justify-between text-sm">
              <dt>Pre-orders, charged when their draw opens</dt>
              <dd data-testid="due-later">{money(options.preOrderTotalCents)}</dd>
            </div>
          ) : null}
          {split.fromBalanceCents > 0 ? (
            <>
              <div className="flex justify-between">
                <dt>From your balance</dt>
                <dd data-testid="from-balance">-{money(split.fromBalanceCents)}</dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt>To pay</dt>
                <dd data-testid="to-pay">{money(split.toPayCents)}</dd>
              </div>
            </>
          ) : null}
        </dl>

        {balanceFirst ? <input type="hidden" name="useBalance" value="on" /> : null}
        {!balanceFirst && options.balanceCents > 0 && split.dueNowCents > 0 ? (
          <div className="mt-4 flex items-start gap-2">
            <input
              id={`${headingId}-balance`}
              type="checkbox"
              name="useBalance"
              checked={useBalance}
              disabled={busy}
              onChange={(e) => setUseBalance(e.currentTarget.checked)}
              className="mt-1 h-5 w-5 shrink-0"
              data-testid="use-balance"
            />
            <label htmlFor={`${headingId}-balance`}>
              Use my balance <span className="text-muted">({money(options.balanceCents)} available)</span>
            </label>
          </div>
        ) : null}

        {needsMethod ? (
          <fieldset className="mt-6" disabled={busy}>
            <legend className="text-lg font-semibold">Pay with</legend>
            <ul className="mt-2 grid gap-2" data-testid="payment-methods">
              {methodOptions(options).map((option) => (
                <li key={option.value}>
                  <MethodOption
                    value={option.value}
                    checked={choice === option.value}
                    onSelect={setMethod}
                    disabled={option.disabled}
                    testId={option.testId}
                  >
                    {option.content}
                  </MethodOption>
                </li>
              ))}
            </ul>
            {choice === undefined ? (
              <p className="mt-2" data-testid="no-payment-method">
                There is no way to pay this amount here yet: top up your balance first.
              </p>
            ) : null}
            {selectedCard?.cscRequired ? (
              <div className="mt-4 max-w-48">
                <label htmlFor={`${headingId}-csc`} className="block font-semibold">
                  Security code (CSC) of {selectedCard.label}
                </label>
                <input
                  id={`${headingId}-csc`}
                  name="csc"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  required
                  maxLength={4}
                  className="mt-1 block w-full rounded-md border border-black/40 bg-page px-3 py-2 text-ink"
                  data-testid="saved-card-csc"
                />
              </div>
            ) : null}
            {choice === 'new-card' && options.newCard ? (
              <>
                <CardFields errors={cardErrors} disabled={busy} />
                <TestCardsHint cards={options.newCard.testCards} />
              </>
            ) : null}
          </fieldset>
        ) : null}
        {choice ? <input type="hidden" name="method" value={choice} /> : null}
        {!needsMethod ? <input type="hidden" name="method" value="balance" /> : null}

        <FormAlert error={message} />
        <button
          type="submit"
          disabled={busy || (needsMethod && choice === undefined)}
          aria-disabled={busy ? true : undefined}
          className="button-primary mt-6 min-w-48 disabled:cursor-not-allowed disabled:opacity-60"
          data-testid="pay-button"
        >
          {busy ? (tokenising ? 'Checking your card...' : 'Processing payment...') : payLabel}
        </button>
        <div className="mt-6">
          <PaymentLogos />
        </div>
      </form>
      {challenge ? <ChallengeDialog url={challenge.url} onAbandon={abandonChallenge} /> : null}
    </section>
  );
}

type MethodOptionView = { value: Method; testId: string; disabled?: boolean; content: ReactNode };

/** The ways to pay, in order: saved cards, a new card, PayPal, Apple Pay and Google Pay. */
function methodOptions(options: PaymentOptions): MethodOptionView[] {
  const list: MethodOptionView[] = options.savedCards.map((card) => ({
    value: `card:${card.id}`,
    testId: `saved-card-${card.id}`,
    disabled: card.expired,
    content: (
      <>
        {isPaymentBrand(card.brand) ? <PaymentLogo brand={card.brand} decorative /> : null}
        <span>
          {card.label}
          {card.expiry ? <span className="text-muted"> · expires {card.expiry}</span> : null}
          {card.expired ? <strong> · expired</strong> : null}
        </span>
      </>
    ),
  }));
  if (options.newCard) {
    list.push({
      value: 'new-card',
      testId: 'pay-new-card',
      content: <span>A new card</span>,
    });
  }
  if (options.paypal) {
    list.push({
      value: 'paypal',
      testId: 'pay-paypal',
      content: (
        <>
          <PaymentLogo brand="paypal" decorative />
          <span>PayPal</span>
        </>
      ),
    });
  }
  for (const wallet of options.wallets) {
    list.push({
      value: `wallet:${wallet.code}`,
      testId: `pay-wallet-${wallet.code}`,
      content: (
        <>
          <PaymentLogo brand={wallet.code === 'ap' ? 'apple_pay' : 'google_pay'} decorative />
          <span>{wallet.label}</span>
        </>
      ),
    });
  }
  return list;
}

function MethodOption({
  value,
  checked,
  onSelect,
  disabled,
  testId,
  children,
}: {
  value: Method;
  checked: boolean;
  onSelect: (value: Method) => void;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-md border border-black/20 p-3 has-[:checked]:border-primary">
      <input
        id={id}
        type="radio"
        name="methodChoice"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(value)}
        className="h-5 w-5 shrink-0"
        data-testid={testId}
      />
      <label htmlFor={id} className="flex flex-1 items-center gap-3">
        {children}
      </label>
    </div>
  );
}
