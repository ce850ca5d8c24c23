import type { AppDeps } from '../http/types.ts';
import type { PaymentsDeps } from '../modules/payments/index.ts';

/** What the jobs and the outbox's subscribers need of the app's deps: payments', and the mailer. */
export type JobDeps = PaymentsDeps & Pick<AppDeps, 'mailer'>;
