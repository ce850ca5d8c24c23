/**
 * The API calls of the results pages (docs/api/results.md). Every call is public: the visitor's
 * token is never sent, so answers are shared and cached (60 s; result keys a day).
 */
import {
  type DrawDetails,
  DrawDetailsSchema,
  DrawWinnerListSchema,
  PastDrawListSchema,
  RESULTS_PAGE_SIZE,
  type ResultCategory,
  type ResultKey,
  ResultKeysSchema,
} from '@drawhouse/contract';
import { data } from 'react-router';
import type { z } from 'zod';
import { api } from '../../lib/api.server';
import { orPageError } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';
import type { ArchiveMonth } from './archive-month';

/** API version of the draw details (3.6) and the archive (3.7). */
const DETAILS_VERSION = '3.6';
const ARCHIVE_VERSION = '3.7';

export type DrawPage<T> = { items: T[]; total: number };

/** One page of a paged list call: its items and how many there are in all. */
async function listPage<T>(
  visitor: Visitor,
  schema: z.ZodType<T[]>,
  path: string,
  page: number,
  options: { version?: string; query?: Record<string, string>; pageSize?: number } = {},
): Promise<DrawPage<T>> {
  const pageSize = options.pageSize ?? RESULTS_PAGE_SIZE;
  const envelope = await orPageError(
    api.request(schema, 'main', path, {
      caller: publicCallerOf(visitor),
      version: options.version,
      query: { ...options.query, limit: pageSize, offset: (page - 1) * pageSize },
    }),
  );
  return { items: envelope.result, total: envelope.pageInfo?.total ?? envelope.result.length };
}

/** Offers with published results and the date of their first one. */
export async function resultKeys(visitor: Visitor): Promise<ResultKey[]> {
  const { resultKeys: keys } = await orPageError(
    api.get(ResultKeysSchema, 'main', '/past/result_keys', { caller: publicCallerOf(visitor) }),
  );
  return keys;
}

/** The latest published draw of every offer (of a category) as of `month`'s end, a page at a time. */
export function latestResults(
  visitor: Visitor,
  category: ResultCategory,
  month: ArchiveMonth,
  page: number,
): Promise<DrawPage<DrawDetails>> {
  return listPage(
    visitor,
    PastDrawListSchema,
    `/draws/past/archived/latest/${month.year}/${month.month}`,
    page,
    {
      version: ARCHIVE_VERSION,
      query: { category },
    },
  );
}

/** An offer's published draws, newest first, a page at a time. */
export function pastDraws(
  visitor: Visitor,
  pricing: string,
  offerKey: string,
  page: number,
): Promise<DrawPage<DrawDetails>> {
  const path = `/draws/pricing/${encodeURIComponent(pricing)}/past/${encodeURIComponent(offerKey)}`;
  return listPage(visitor, PastDrawListSchema, path, page);
}

/** An offer's published draws of one month, newest first, a page at a time. */
export function archivedDraws(
  visitor: Visitor,
  offerKey: string,
  month: ArchiveMonth,
  page: number,
): Promise<DrawPage<DrawDetails>> {
  const path = `/draws/past/archived/${encodeURIComponent(offerKey)}/${month.year}/${month.month}`;
  return listPage(visitor, PastDrawListSchema, path, page, { version: ARCHIVE_VERSION });
}

/** Any draw of the offer, open or past (an ApiError when the offer has no such draw). */
export function fetchDrawDetails(visitor: Visitor, offerKey: string, drawNo: number): Promise<DrawDetails> {
  return api.get(DrawDetailsSchema, 'main', `/draw/details/${encodeURIComponent(offerKey)}/${drawNo}`, {
    caller: publicCallerOf(visitor),
    version: DETAILS_VERSION,
  });
}

/** Any draw of the offer, open or past; a draw the offer does not have is the 404 page. */
export function drawDetails(visitor: Visitor, offerKey: string, drawNo: number): Promise<DrawDetails> {
  return orPageError(fetchDrawDetails(visitor, offerKey, drawNo));
}

/** Winners listed per page of the winners lists. */
export const WINNERS_PAGE_SIZE = 10;

/** A draw's winners, a page at a time: only what each winner agreed to show. */
export function drawWinners(
  visitor: Visitor,
  offerKey: string,
  drawNo: number,
  page: number,
  search?: string,
) {
  const path = `/draw/details/${encodeURIComponent(offerKey)}/${drawNo}/winners`;
  return listPage(visitor, DrawWinnerListSchema, path, page, {
    pageSize: WINNERS_PAGE_SIZE,
    query: search ? { search } : {},
  });
}

/** A page past the last one is not there: the 404 page (page 1 of an empty list is kept). */
export function requirePage(page: number, total: number, pageSize = RESULTS_PAGE_SIZE): void {
  if (page > 1 && (page - 1) * pageSize >= total) throw data(null, { status: 404 });
}
