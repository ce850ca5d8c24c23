/**
 * The ways a customer proves their identity, and which of them the account page offers, in what
 * order, with what status. A method's status comes from the customer's attempts with it; only the
 * methods the shop has switched on are offered, the others are listed as `disabled`.
 */
// Type-only: the storefront's client bundle takes this file, and the contract's schemas stay on the server.
import type { Verification, VerificationMethodType } from '@drawhouse/contract';

/** The methods as the wire names them (checked against the contract's). */
export const VERIFICATION_METHODS = [
  'auto_verification',
  'connect_id',
  'drivers_licence',
  'greenid_ui',
  'pdf_form',
  'photo_id_upload',
] as const satisfies readonly VerificationMethodType[];
export type VerificationMethod = VerificationMethodType;

export type VerificationMethodStatus = Verification['methods'][number]['status'];

/**
 * What a method asks of the customer and how long it takes, as the account page shows it; a method
 * Drawhouse never offers says so (`notOffered`) instead of "not available yet".
 */
export type VerificationMethodInfo = { title: string; needs: string; takes: string; notOffered?: string };

/** Listed fastest first: the order methods are offered in when nothing else tells them apart. */
export const VERIFICATION_METHOD_INFO: Record<VerificationMethod, VerificationMethodInfo> = {
  auto_verification: {
    title: 'Check my details automatically',
    needs: 'Your name, date of birth and home address, checked against two independent records.',
    takes: 'Usually instant; a few minutes at most.',
  },
  connect_id: {
    title: 'ConnectID',
    needs: 'Sign in to your bank to share your verified details.',
    takes: 'A few minutes.',
  },
  drivers_licence: {
    title: "Driver's licence",
    needs: "Your Australian driver's licence number and card number.",
    takes: 'A few minutes.',
  },
  greenid_ui: {
    title: 'greenID',
    needs: 'An Australian passport, Medicare card or licence, checked by greenID.',
    takes: 'About 10 minutes.',
    // greenID's own hosted form: no provider account, so never enabled (docs/decisions/053).
    notOffered: 'Not offered on Drawhouse: please use one of the other ways to verify.',
  },
  photo_id_upload: {
    title: 'Upload a photo ID',
    needs:
      'Clear photos of your passport or driver’s licence (both sides of a licence) and a selfie holding it.',
    takes: 'Reviewed by our team within 2 business days.',
  },
  pdf_form: {
    title: 'Certified paper form',
    needs:
      'Our form filled with your details, printed, signed in front of a witness such as a JP, then uploaded.',
    takes: 'Reviewed by our team within 5 business days.',
  },
};

const SPEED_ORDER: readonly VerificationMethod[] = [
  'auto_verification',
  'connect_id',
  'drivers_licence',
  'greenid_ui',
  'photo_id_upload',
  'pdf_form',
];

/**
 * One attempt as the method status reads it: still being checked, documents waiting for review, or
 * finished with an outcome.
 */
export type AttemptSummary = {
  method: VerificationMethod;
  status: 'in_progress' | 'pending' | 'completed';
  outcome: 'verified' | 'not_verified' | null;
};

export type OfferedMethod = { type: VerificationMethod; status: VerificationMethodStatus };

/**
 * A method's status from its attempts: being checked, documents waiting for our review, tried without
 * verifying, or not tried yet.
 */
export function methodStatus(
  method: VerificationMethod,
  attempts: readonly AttemptSummary[],
): VerificationMethodStatus {
  const own = attempts.filter((a) => a.method === method);
  if (own.some((a) => a.status === 'in_progress')) return 'in_progress';
  if (own.some((a) => a.status === 'pending')) return 'pending';
  return own.length > 0 ? 'attempted' : 'not_attempted';
}

const RANK: Record<VerificationMethodStatus, number> = {
  in_progress: 0,
  pending: 0,
  not_attempted: 1,
  attempted: 2,
  disabled: 3,
};

/**
 * Every method with its status, in the order the customer is offered them: a check under way first,
 * then methods not tried yet, then those tried without verifying, then the ones switched off; the
 * fastest first within each. A verified customer has nothing left to do: every method is `disabled`.
 */
export function offeredMethods(args: {
  verified: boolean;
  enabled: readonly VerificationMethod[];
  attempts: readonly AttemptSummary[];
}): OfferedMethod[] {
  const listed = SPEED_ORDER.map((type) => ({
    type,
    status:
      args.verified || !args.enabled.includes(type)
        ? ('disabled' as const)
        : methodStatus(type, args.attempts),
  }));
  return listed
    .map((method, speed) => ({ method, speed }))
    .sort((a, b) => RANK[a.method.status] - RANK[b.method.status] || a.speed - b.speed)
    .map(({ method }) => method);
}

/** The method to suggest after one that did not verify: the first other method on offer, if any. */
export function nextMethod(
  offered: readonly OfferedMethod[],
  tried: VerificationMethod,
): VerificationMethod | undefined {
  return offered.find((m) => m.type !== tried && m.status !== 'disabled' && m.status !== 'attempted')?.type;
}
