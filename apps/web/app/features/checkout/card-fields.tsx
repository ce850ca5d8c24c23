import type { TestCard } from '@drawhouse/contract';
import { TextField } from '../../components/form';
import type { CardErrors, CardFormValues } from './tokenise-card';

/**
 * The new card's values, read from its inputs in the form. The inputs have no name, so no form ever
 * posts them to the shop.
 */
export function cardValues(form: HTMLFormElement): CardFormValues {
  const value = (field: keyof CardFormValues) =>
    form.querySelector<HTMLInputElement>(`[data-card-field="${field}"]`)?.value ?? '';
  return {
    holderName: value('holderName'),
    cardNumber: value('cardNumber'),
    expiry: value('expiry'),
    csc: value('csc'),
  };
}

type CardField = {
  field: keyof CardFormValues;
  label: string;
  autoComplete: string;
  hint?: string;
  wide?: boolean;
};

const CARD_FIELDS: readonly CardField[] = [
  { field: 'holderName', label: 'Name on card', autoComplete: 'cc-name', wide: true },
  { field: 'cardNumber', label: 'Card number', autoComplete: 'cc-number', wide: true },
  { field: 'expiry', label: 'Expiry date', autoComplete: 'cc-exp', hint: 'MM/YY' },
  {
    field: 'csc',
    label: 'Security code (CSC)',
    autoComplete: 'cc-csc',
    hint: '3 digits on the back, 4 on the front of an Amex',
  },
];

/**
 * The new card form: holder name, number, expiry and security code. The details go from the browser
 * straight to the gateway's tokenising endpoint; the shop's server gets only the token.
 */
export function CardFields({ errors, disabled }: { errors: CardErrors; disabled: boolean }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2" data-testid="new-card-form">
      {CARD_FIELDS.map(({ field, label, autoComplete, hint, wide }) => (
        <TextField
          key={field}
          name=""
          data-card-field={field}
          data-testid={`card-${field}`}
          label={label}
          hint={hint}
          autoComplete={autoComplete}
          inputMode={field === 'holderName' ? undefined : 'numeric'}
          required
          disabled={disabled}
          error={errors[field]}
          className={wide ? 'mt-4 sm:col-span-2' : 'mt-4'}
        />
      ))}
    </div>
  );
}

/** The sandbox's test cards, shown while the gateway runs in test mode (never with a live gateway). */
export function TestCardsHint({ cards }: { cards: readonly TestCard[] }) {
  if (cards.length === 0) return null;
  return (
    <details className="mt-4 rounded-md bg-surface p-3 text-sm" data-testid="test-cards">
      <summary className="cursor-pointer font-semibold">Test cards (demo mode: no real money moves)</summary>
      <p className="mt-2">Any future expiry date and any security code work.</p>
      <ul className="mt-2 grid gap-1">
        {cards.map((card) => (
          <li key={card.number}>
            <code className="font-mono">{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>:{' '}
            {card.description}
          </li>
        ))}
      </ul>
    </details>
  );
}
