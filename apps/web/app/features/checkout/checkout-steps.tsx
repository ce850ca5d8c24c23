/**
 * Where the customer is in checkout. The steps are named as analytics and the tests know them:
 * login_register (sign in or join), login, register, 2fa (the sign-in code), select_payment.
 */
export const CHECKOUT_STEPS = ['login_register', 'login', 'register', '2fa', 'select_payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The two stages a customer sees: who you are, then how you pay. */
const STAGES = [
  { label: 'Log in or join', steps: ['login_register', 'login', 'register', '2fa'] },
  { label: 'Payment', steps: ['select_payment'] },
] as const satisfies readonly { label: string; steps: readonly CheckoutStep[] }[];

export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  const current = STAGES.findIndex((stage) => (stage.steps as readonly CheckoutStep[]).includes(step));
  return (
    <nav aria-label="Checkout steps" data-testid="checkout-steps" data-checkout-step={step}>
      <ol className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {STAGES.map((stage, index) => (
          <li
            key={stage.label}
            aria-current={index === current ? 'step' : undefined}
            className={index === current ? 'font-bold' : 'text-muted'}
          >
            <span aria-hidden="true">{index + 1}. </span>
            {stage.label}
            {index < current ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
