/**
 * The migration modal's server side: whether it opens (root loader) and what its form posts do
 * (`/my-account/migration`): start or retry the move, follow it, or dismiss the prompt for 7 days.
 */
import { type CustomerOverview, type MigrationResult, MigrationResultSchema } from '@drawhouse/contract';
import {
  MIGRATION_DISMISSED_COOKIE,
  MIGRATION_DISMISSED_DAYS,
  migrationDismissible,
  migrationPromptShown,
} from '@drawhouse/domain';
import { ApiError } from '../../lib/api.server';
import { serializeCookie } from '../../lib/cookies';
import { customerRequest, forgetCustomer } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';

/** What the shell needs to open the modal: absent when it stays shut. */
export type MigrationPrompt = { dismissible: boolean };

export function migrationPrompt(
  customer: CustomerOverview,
  visitor: Visitor,
  capabilityOn: boolean,
): MigrationPrompt | undefined {
  const status = customer.migrationStatus;
  const dismissed = visitor.cookies[MIGRATION_DISMISSED_COOKIE] !== undefined;
  if (!migrationPromptShown({ capabilityOn, status, dismissed })) return undefined;
  return { dismissible: migrationDismissible(status) };
}

export type MigrationStep =
  | { step: 'in_progress' }
  | ({ step: 'success' } & Pick<MigrationResult, 'balances' | 'tickets'>)
  | { step: 'failure'; message: string }
  | { step: 'dismissed' };

const FAILED = 'Your account could not be moved just now.';

/** `migrate` (with `retry` after a failure) starts the move; `poll` asks where it stands. */
export async function migrationAction(visitor: Visitor, intent: string): Promise<MigrationStep> {
  if (intent === 'dismiss') {
    visitor.responseCookies.push(
      serializeCookie(MIGRATION_DISMISSED_COOKIE, '1', {
        maxAge: MIGRATION_DISMISSED_DAYS * 86_400,
        secure: visitor.secure,
      }),
    );
    return { step: 'dismissed' };
  }
  try {
    const answer = await customerRequest(MigrationResultSchema, visitor, '/migration/migrate', {
      method: 'POST',
      body: intent === 'retry' ? { retry: true } : {},
    });
    if (answer.result.status !== 'migrated') return { step: 'in_progress' };
    forgetCustomer(visitor);
    return { step: 'success', balances: answer.result.balances, tickets: answer.result.tickets };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return { step: 'failure', message: error.message || FAILED };
    }
    return { step: 'failure', message: FAILED };
  }
}
