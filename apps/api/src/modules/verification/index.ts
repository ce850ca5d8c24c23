/**
 * Identity verification (docs/api/verification.md, ADR 050): the methods a customer may verify with,
 * the automatic check against an identity source, and what follows a verification.
 */
import { UNVERIFIED_DEPOSIT_CAP_CENTS } from '@drawhouse/domain';
import type { AppDeps } from '../../http/types.ts';
import type { Subscriber } from '../outbox/index.ts';
import { documentsNoticeSubscriber } from './documents.subscribers.ts';
import { identitySourceOf } from './identity-sources/identity-source-of.ts';
import { createVerificationService, type VerificationService } from './verification.service.ts';
import { verificationSubscribers as subscribersOf } from './verification.subscribers.ts';
import { verificationReminderSubscriber } from './verification-reminders.subscriber.ts';

export { connectIdModule } from './connect-id.routes.ts';
export { pruneConnectIdSignIns } from './connect-id.service.ts';
export { verificationAdminModule } from './documents-admin.routes.ts';
export { createDocumentsReview, type DocumentsReview } from './documents-review.service.ts';
export { type OperatorVerification, verifyByOperator } from './operator-verification.service.ts';
export {
  CONNECTID_CALLBACK_PATH,
  type ConnectIdConfig,
  loadVerificationConfig,
  SANDBOX_CONNECTID_CLIENT,
  type VerificationConfig,
  verificationProductionProblems,
} from './verification.config.ts';
export { verificationConfigModule, verificationModule } from './verification.routes.ts';
export type { VerificationService, VerifyingCustomer } from './verification.service.ts';
export { verificationHistoryAdminModule } from './verification-history.routes.ts';
export { verificationHistory } from './verification-history.service.ts';
export { sendVerificationReminders } from './verification-reminders.service.ts';

type VerificationAppDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** The verification use cases on the app's database, with the configured identity source. */
export function verificationServiceOf(deps: VerificationAppDeps): VerificationService {
  return createVerificationService({
    db: deps.db,
    config: deps.config.verification,
    minimumAge: deps.config.minimumRegistrationAge,
    now: () => deps.now?.() ?? new Date(),
    source: identitySourceOf(deps.config.verification),
  });
}

export function verificationSubscribers(
  deps: VerificationAppDeps & Pick<AppDeps, 'webBaseUrl'>,
): Subscriber[] {
  return [
    ...subscribersOf({
      service: verificationServiceOf(deps),
      webBaseUrl: deps.webBaseUrl,
      depositCapCents: UNVERIFIED_DEPOSIT_CAP_CENTS,
    }),
    verificationReminderSubscriber(deps.webBaseUrl),
    documentsNoticeSubscriber(deps.webBaseUrl),
  ];
}
