/**
 * Capabilities: the features a site switches on for a pricing segment, and the roles and
 * permissions they grant. The established hyphenated names are kept exactly (native-app,
 * social-syndicates, viewing-orders, partner-purchase, account-details-manage); the others are
 * snake_case, made from their names in words:
 *
 *   customer deactivate -> customer_deactivate      sub variants -> sub_variants
 *   notifications feed -> notifications_feed       wallet balance -> wallet_balance
 *   sitewide banner -> sitewide_banner             customer migration -> customer_migration
 *   pre-cart recommended draws -> pre_cart_recommended_draws
 *   combined recurring purchases -> combined_recurring_purchases
 *   manage notification settings -> manage_notification_settings
 *   favourite numbers -> favourite_numbers         subscription manage -> subscription_manage
 *   verify ID -> verify_id
 *   Apple and Google social sign-in -> apple_sign_in, google_sign_in
 */
import { cleanIdentifier } from './identifiers.ts';

export const CAPABILITIES = [
  'native-app',
  'causes_directory',
  'commercial_lotteries',
  'charity_lotteries',
  'multi_offer_site',
  'social-syndicates',
  'syndicates',
  'responsible_gambling',
  'cookie_consent',
  'viewing-orders',
  'autoplay_manage',
  'wallet_manage',
  'wallet_deposit',
  'wallet_withdrawal',
  'spend_limits',
  'verification',
  'membership_program',
  'membership_purchase',
  'giveaway_entries',
  'terms_of_use',
  'support_faq',
  'blog',
  'partner-purchase',
  'customer_deactivate',
  'account-details-manage',
  'feedback',
  'sub_variants',
  'placements',
  'notifications_feed',
  'wallet_balance',
  'rebrand',
  'sitewide_banner',
  'customer_migration',
  'pre_cart_recommended_draws',
  'combined_recurring_purchases',
  'manage_notification_settings',
  'favourite_numbers',
  'subscription_manage',
  'verify_id',
  'deposit_limits',
  'vouchers',
  'winner_search',
  'registration',
  'apple_sign_in',
  'google_sign_in',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

const KNOWN = new Set<string>(CAPABILITIES);

export function isCapability(name: string): name is Capability {
  return KNOWN.has(name);
}

/**
 * Whether a segment's capabilities satisfy a rule. A rule is one capability or a list; a list
 * requires all of them ("A rule listing several capabilities requires all of them"). An empty
 * list requires nothing. Names are compared exactly (no case folding).
 */
export function hasCapabilities(have: readonly string[], rule: string | readonly string[]): boolean {
  const required: readonly string[] = typeof rule === 'string' ? [rule] : rule;
  return required.every((name) => have.includes(name));
}

export const DEFAULT_PRICING_SEGMENT = 'default';

export type PricingSegmentInput = {
  customerSegment?: string | null;
  visitorSegment?: string | null;
  signedIn: boolean;
};

/**
 * The pricing segment whose capabilities and prices apply: the customer's when signed in, the
 * visitor's otherwise, else 'default'. A segment name that is not a valid identifier counts as
 * absent (the identifier rule of identifiers.ts).
 *
 * Decision: a signed-in customer without a segment gets 'default', not the segment the browser
 * had as a visitor: the visitor's segment applies only when not signed in, as the sv sub variant
 * does.
 */
export function pricingSegmentName({
  customerSegment,
  visitorSegment,
  signedIn,
}: PricingSegmentInput): string {
  const segment = signedIn ? cleanIdentifier(customerSegment) : cleanIdentifier(visitorSegment);
  return segment ?? DEFAULT_PRICING_SEGMENT;
}
