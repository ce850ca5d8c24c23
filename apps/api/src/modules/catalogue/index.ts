export { callerCapabilities, capabilityGate, capabilityHook } from './capability-gate.ts';
export { catalogueReader } from './catalogue.reader.ts';
export { drawsVersion } from './catalogue.repository.ts';
export { catalogueModule } from './catalogue.routes.ts';
export type { CatalogueService } from './catalogue.service.ts';
export { computeStatistics, upcomingDraws } from './catalogue.service.ts';
export { postalEntriesAdminModule } from './postal-entries.routes.ts';
export { rafflesAdminModule } from './raffles-admin.routes.ts';
export { supportChatAdminModule } from './support-chat.routes.ts';
