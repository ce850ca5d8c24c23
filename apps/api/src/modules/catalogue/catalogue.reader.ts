import type { Database } from '@drawhouse/db';
import { type Capability, hasCapabilities, pricingSegmentName } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { type CatalogueService, createCatalogueService } from './catalogue.service.ts';

/** The catalogue's reads for other modules (the placement service reads the offers on sale). */
export function catalogueReader(db: Database, now: () => Date): CatalogueService {
  return createCatalogueService(createCatalogueRepository(db), now);
}

/**
 * A route's capability gate: 404 `code` unless the caller's pricing segment (the signed-in
 * customer's, else the visitor's) has every capability of the rule. Call it after the sign-in hook.
 */
export function capabilityGate(db: Database, code: string, message: string) {
  const catalogue = catalogueReader(db, () => new Date());
  return async (request: FastifyRequest, rule: Capability | Capability[]): Promise<void> => {
    const customer = request.customer?.customer;
    const segment = pricingSegmentName({
      customerSegment: customer?.segmentName ?? null,
      visitorSegment: request.client.segment ?? null,
      signedIn: customer !== undefined,
    });
    const { segments } = await catalogue.capabilities();
    const have = segments.find((s) => s.segmentName === segment)?.capabilities ?? [];
    if (!hasCapabilities(have, rule)) throw notFound(code, message);
  };
}
