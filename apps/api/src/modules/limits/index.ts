export {
  breakRefusalOf,
  type DepositHistory,
  depositRefusalOf,
  type LimitRefusal,
  type LimitsGuard,
  limitsGuard,
  spendPeriodStarts,
  spendRefusalOf,
} from './limits.guard.ts';
export type { LimitRow } from './limits.repository.ts';
export { limitsModule } from './limits.routes.ts';
export { createLimitsService } from './limits.service.ts';
export { LIMIT_SETTINGS, type LimitSettings, limitSettingsOf } from './limits.settings.ts';
export { isVerified } from './verification.ts';
