import type { Database } from '@drawhouse/db';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { type CatalogueService, createCatalogueService } from './catalogue.service.ts';

/** The catalogue's reads for other modules (the placement service reads the offers on sale). */
export function catalogueReader(db: Database, now: () => Date): CatalogueService {
  return createCatalogueService(createCatalogueRepository(db), now);
}
