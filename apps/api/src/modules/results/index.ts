export {
  type DrawRecord,
  isUuid,
  publishedAs,
  type ResultsRepository,
  resultsRepository,
} from './results.repository.ts';
export { resultsModule } from './results.routes.ts';
export { DrawParamsSchema, OfferParamsSchema, ResultsPageQuerySchema } from './results.schemas.ts';
export { createResultsService, type Page, parseDrawNo, type ResultsService } from './results.service.ts';
export { drawResult, drawSummary, isPublished } from './results.view.ts';
