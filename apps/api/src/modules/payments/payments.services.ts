/**
 * The payments services of one app (one set per `AppDeps`, so that tests building several apps
 * keep them apart): the configured card gateway, the page addresses, deposits.
 */
import type { AppDeps } from '../../http/types.ts';
import { createDepositsService } from './deposits.service.ts';
import { createFundsService } from './funds.service.ts';
import type { CardGatewayAdapter } from './gateways/gateway.ts';
import { sandboxGateway } from './gateways/sandbox.gateway.ts';
import { stripeGateway } from './gateways/stripe.gateway.ts';
import { paymentUrls } from './payment-urls.ts';

/** What payments needs of the app's deps (the worker builds just these). */
export type PaymentsDeps = Pick<AppDeps, 'db' | 'config' | 'now' | 'webBaseUrl'>;

type Log = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

function createPaymentsServices(deps: PaymentsDeps) {
  const config = deps.config.payments;
  const now = () => deps.now?.() ?? new Date();
  const urls = paymentUrls({
    apiPublicUrl: config.apiPublicUrl,
    webBaseUrl: deps.webBaseUrl,
  });
  const gateway: CardGatewayAdapter =
    config.gateway === 'stripe' && config.stripe
      ? stripeGateway(config.stripe)
      : sandboxGateway({ apiPublicUrl: config.apiPublicUrl, now });
  let log: Log | undefined;
  const deposits = createDepositsService({
    db: deps.db,
    gateway,
    urls,
    now,
    challengeTimeoutMinutes: config.challengeTimeoutMinutes,
    verificationDeadlineDays: deps.config.verification.deadlineDays,
    log: {
      error: (obj, msg) => log?.error(obj, msg),
      info: (obj, msg) => log?.info(obj, msg),
    },
  });
  const funds = createFundsService({ db: deps.db, gateway, urls, now });
  return {
    config,
    funds,
    gateway,
    urls,
    now,
    deposits,
    /** See DepositsService.startDeposit, chargeDeposit and applyCharge (ADR 049). */
    startDeposit: deposits.startDeposit,
    chargeDeposit: deposits.chargeDeposit,
    applyCharge: deposits.applyCharge,
    /** The customer's PayPal fund (made on first use), for a PayPal deposit at checkout. */
    paypalFund: funds.paypalFund,
    /** See DepositsService.onCheckoutDepositSucceeded. */
    onCheckoutDepositSucceeded: deposits.onCheckoutDepositSucceeded,
    /** Where the services log (the app's logger, once the module registers). */
    useLog(logger: Log): void {
      log = logger;
    },
  };
}

export type PaymentsServices = ReturnType<typeof createPaymentsServices>;

const servicesByDeps = new WeakMap<PaymentsDeps, PaymentsServices>();

/** The payments services of the app these deps were built for (`paymentsOf(app.deps)`). */
export function paymentsOf(deps: PaymentsDeps): PaymentsServices {
  let services = servicesByDeps.get(deps);
  if (!services) {
    services = createPaymentsServices(deps);
    servicesByDeps.set(deps, services);
  }
  return services;
}
