export { type LimitRefusal, type LimitsGuard, limitsGuard } from './limits.guard.ts';
export { limitsModule } from './limits.routes.ts';
export { LIMIT_SETTINGS, type LimitSettings } from './limits.settings.ts';
export { isVerified } from './verification.ts';
