/**
 * The payment logos (Amex, Apple Pay, Google Pay, Mastercard, PayPal, Visa) drawn by the shop
 * itself: checkout pages load nothing from another site.
 */
export const PAYMENT_BRANDS = {
  visa: { name: 'Visa', colour: '#1a1f71', text: 'VISA' },
  mastercard: { name: 'Mastercard', colour: '#eb001b', text: 'mastercard' },
  amex: { name: 'American Express', colour: '#1f72cd', text: 'AMEX' },
  paypal: { name: 'PayPal', colour: '#003087', text: 'PayPal' },
  apple_pay: { name: 'Apple Pay', colour: '#000000', text: 'Apple Pay' },
  google_pay: { name: 'Google Pay', colour: '#3c4043', text: 'Google Pay' },
} as const;

export type PaymentBrand = keyof typeof PAYMENT_BRANDS;

export function isPaymentBrand(value: string | null | undefined): value is PaymentBrand {
  return value != null && Object.hasOwn(PAYMENT_BRANDS, value);
}

/** One logo: a badge with the brand's name for screen readers. */
export function PaymentLogo({ brand, decorative = false }: { brand: PaymentBrand; decorative?: boolean }) {
  const { name, colour, text } = PAYMENT_BRANDS[brand];
  return (
    <svg
      viewBox="0 0 48 30"
      width="48"
      height="30"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
      className="shrink-0"
      data-brand={brand}
    >
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#8a8597" />
      {brand === 'mastercard' ? (
        <>
          <circle cx="19" cy="15" r="8" fill="#eb001b" />
          <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </>
      ) : (
        <text
          x="24"
          y="19.5"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          fontWeight="700"
          fontSize={text.length > 8 ? 7.5 : text.length > 5 ? 10 : 12}
          fill={colour}
        >
          {text}
        </text>
      )}
    </svg>
  );
}

/** The logos of the ways to pay the shop takes. */
export function PaymentLogos({
  brands = Object.keys(PAYMENT_BRANDS) as PaymentBrand[],
}: {
  brands?: PaymentBrand[];
}) {
  return (
    <ul aria-label="We accept" className="flex flex-wrap gap-2" data-testid="payment-logos">
      {brands.map((brand) => (
        <li key={brand}>
          <PaymentLogo brand={brand} />
        </li>
      ))}
    </ul>
  );
}
