// drizzle-orm is installed for this package only: other workspaces build queries with these.
export {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
export * from './client.ts';
export * from './factories.ts';
export { migrateDatabase, migrationsFolder } from './migrate.ts';
export {
  closedSql,
  openDraws,
  RIDDEN_DRAWS_FROM,
  RIDDEN_DRAWS_JOIN,
  ridesClosedDraw,
  takesEntriesSql,
} from './open-draws.ts';
export * from './schema/index.ts';
export { demoAnnouncedPrizes, raffleDraw } from './seed/draws.ts';
export {
  closeGiveaway,
  drawGiveaway,
  type GiveawayRow,
  insertGiveaway,
  type NewGiveaway,
} from './seed/giveaway-draws.ts';
export { seedGiveaways } from './seed/giveaways.ts';
export {
  DEFAULT_WEB_APP_SECRET,
  DEMO_CUSTOMERS,
  DEMO_GROUP_NAME,
  DEMO_PASSWORD,
  refreshDraws,
  SEED_VERSION,
  type SeedOptions,
  seed,
  topUpDraws,
  WEB_APP_KEY,
} from './seed/index.ts';
export {
  DEMO_LEGACY_CUSTOMERS,
  insertLegacyAccount,
  type NewLegacyAccount,
  type NewLegacyTicket,
} from './seed/legacy-accounts.ts';
export { insertRaffleOffer, type NewRaffle, raffleFacts } from './seed/raffle-offer.ts';
export {
  captureRaffleTicketsSold,
  nodeHmacSha256,
  nodeSha256,
  seedUnseededRaffleDraws,
} from './seed/raffle-seeds.ts';
export { DEMO_SPEND_LIMIT_CUSTOMER } from './seed/spend-limit-states.ts';
export { segmentCapabilities } from './segment-capabilities.ts';
export { type StatementTally, statementTally } from './statement-count.ts';
export {
  clientOf,
  insertFromJson,
  inTransaction,
  jsonRecords,
  rowFromJson,
  rowsFromJson,
  run,
  type SqlClient,
  type Statement,
  statement,
  type WorkTx,
} from './statements.ts';
