/**
 * Path and query schemas of the lotto party calls; bodies and answers are in @drawhouse/contract.
 * Query keys arrive snake_case and are renamed to camelCase before these run. Ids are checked for
 * size only: one of the wrong form is simply not found.
 */
import { z } from 'zod';

export const GROUPS_PAGE_SIZE = 6;
export const SESSIONS_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

function pageQuery(size: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(size),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  });
}

export const GroupsPageQuerySchema = pageQuery(GROUPS_PAGE_SIZE);
export const SessionsPageQuerySchema = pageQuery(SESSIONS_PAGE_SIZE);

export const GroupIdParamsSchema = z.object({ id: z.string().max(100) });
export const OpenSessionParamsSchema = z.object({ groupId: z.string().max(100) });
export const SessionIdParamsSchema = z.object({ id: z.string().max(100) });
export const DrawIdParamsSchema = z.object({ drawId: z.string().max(100) });
export const TokenParamsSchema = z.object({ token: z.string().max(200) });
export const ConfigKeyParamsSchema = z.object({ key: z.string().max(100) });
