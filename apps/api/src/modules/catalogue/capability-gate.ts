/**
 * The API side of a capability: a call that belongs to a feature answers 404 when the pricing
 * segment of the caller (the signed-in customer's, else the visitor's `X-Segment`) does not have
 * every capability of its rule, as if the feature did not exist there. The storefront hides the
 * same feature by the same rule, so this is what a hand-written request meets.
 *
 * One indexed read per gated call, uncached on purpose: a segment switched off in the back office
 * stops selling at once.
 */

import { type DbOrTx, segmentCapabilities } from '@drawhouse/db';
import { type Capability, hasCapabilities, pricingSegmentName } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.ts';

type Caller = Pick<FastifyRequest, 'client'> & {
  customer?: { customer: { segmentName: string } } | undefined;
};

/** The capabilities of the caller's pricing segment. */
export function callerCapabilities(db: DbOrTx, request: Caller): Promise<string[]> {
  const customer = request.customer?.customer;
  const segment = pricingSegmentName({
    customerSegment: customer?.segmentName ?? null,
    visitorSegment: request.client.segment ?? null,
    signedIn: customer !== undefined,
  });
  return segmentCapabilities(db, segment);
}

/**
 * `requireCapability(request, rule)` throws 404 `{code}` unless the caller's segment has every
 * capability of the rule. The code defaults to `{first capability}_unavailable`.
 */
export function capabilityGate(db: DbOrTx) {
  return async function requireCapability(
    request: Caller,
    rule: Capability | readonly Capability[],
    refusal?: { code: string; message: string },
  ): Promise<void> {
    const have = await callerCapabilities(db, request);
    if (hasCapabilities(have, rule)) return;
    const first = typeof rule === 'string' ? rule : (rule[0] ?? 'feature');
    throw notFound(
      refusal?.code ?? `${first.replaceAll('-', '_')}_unavailable`,
      refusal?.message ?? 'This is not offered here.',
    );
  };
}

/** The same check as a route's `preHandler` (after `authenticate` has named the customer). */
export function capabilityHook(db: DbOrTx, rule: Capability | readonly Capability[]) {
  const requireCapability = capabilityGate(db);
  return async (request: FastifyRequest): Promise<void> => requireCapability(request, rule);
}
