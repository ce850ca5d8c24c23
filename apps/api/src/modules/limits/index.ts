export { type LimitsGuard, limitsGuard } from './limits.guard.ts';
