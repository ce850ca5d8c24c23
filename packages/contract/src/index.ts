/**
 * The Drawhouse wire contract: zod schemas of every request and answer, in the camelCase both sides
 * use in code (keys are snake_case on the wire; `case.ts` is the one mapping). The API builds its
 * route schemas from these and the storefront's client checks answers against them, so a shape is
 * declared here once. New calls start here.
 */

export * from './account-requests.ts';
export * from './accounts.ts';
export * from './address-lookup.ts';
export * from './admin-banned-countries.ts';
export * from './admin-blog.ts';
export * from './admin-content.ts';
export * from './admin-customers.ts';
export * from './admin-draws.ts';
export * from './admin-finance.ts';
export * from './admin-giveaways.ts';
export * from './admin-jobs.ts';
export * from './admin-promotions.ts';
export * from './admin-raffles.ts';
export * from './admin-support-chat.ts';
export * from './back-office.ts';
export * from './blog.ts';
export * from './cart.ts';
export * from './catalogue.ts';
export * from './checkout.ts';
export * from './connect-id.ts';
export * from './content.ts';
export * from './customer-overview.ts';
export * from './dev-mailbox.ts';
export * from './draws.ts';
export * from './envelope.ts';
export * from './favourite-numbers.ts';
export * from './feedback.ts';
export * from './limits.ts';
export * from './lotto-party.ts';
export * from './membership.ts';
export * from './migration.ts';
export * from './money.ts';
export * from './notifications-feed.ts';
export * from './offer-terms.ts';
export * from './orders.ts';
export * from './partners.ts';
export * from './payments.ts';
export * from './placements.ts';
export * from './preview.ts';
export * from './raffle-postal-entries.ts';
export * from './recurring.ts';
export * from './recurring-sync.ts';
export * from './sandbox.ts';
export * from './social-sign-in.ts';
export * from './spend-limits.ts';
export * from './statements.ts';
export * from './system.ts';
export * from './verification.ts';
export * from './verification-documents.ts';
export * from './verification-history.ts';
export * from './wallet.ts';
