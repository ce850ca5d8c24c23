/**
 * The contract's constants the back office needs at run time, written out here: importing them from
 * @drawhouse/contract would bundle zod, whose start-up probe for `new Function` the Content-Security-
 * Policy refuses. wire.test.ts checks they equal the contract's. Types come from the contract itself.
 */
import type { OperatorRole } from '@drawhouse/contract';

/** Every role, in the contract's order. */
export const OPERATOR_ROLES = [
  'results',
  'finance',
  'support',
  'content',
  'admin',
] as const satisfies readonly OperatorRole[];

/** The header every change made from the back office carries (the API refuses a change without it). */
export const ADMIN_REQUEST_HEADER = 'x-drawhouse-admin';
