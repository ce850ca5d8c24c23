/**
 * Feedback from the shop's modal: stored with the client that sent it and, for a signed-in
 * customer, whose it is (a customer's event keeps no email: the account says who they are).
 * Support lists them, newest first.
 */
import type { AdminFeedback, AdminFeedbackList, FeedbackEventBody } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { type FeedbackEventRow, feedbackRepository } from './feedback.repository.ts';

export type FeedbackDeps = { db: Database; now: () => Date };

function view(row: FeedbackEventRow): AdminFeedback {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    rating: row.rating as AdminFeedback['rating'],
    comment: row.comment,
    email: row.email,
    customerId: row.customerId,
    source: row.source,
    variant: row.variant,
    client: {
      release: row.clientRelease,
      name: row.clientName,
      version: row.clientVersion,
      timezone: row.timezone,
      locale: row.locale,
    },
  };
}

export function createFeedbackService({ db, now }: FeedbackDeps) {
  const repo = feedbackRepository(db);
  return {
    async record(body: FeedbackEventBody, who: { customerId: string | null; subVariant: string | null }) {
      const { clientInformation: client } = body;
      const row = await repo.insert({
        createdAt: now(),
        customerId: who.customerId,
        rating: body.rating,
        comment: body.comment,
        email: who.customerId === null && body.email !== '' ? body.email.toLowerCase() : null,
        source: body.source,
        variant: body.variant?.toUpperCase() || who.subVariant?.toUpperCase() || null,
        clientRelease: client.release,
        clientName: client.name,
        clientVersion: client.version,
        timezone: client.clientEnvironment.timezone,
        locale: client.clientEnvironment.locale,
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },

    async list(rating: string | undefined, page: number, limit: number): Promise<AdminFeedbackList> {
      const { rows, total } = await repo.list(rating, page, limit);
      return { feedback: rows.map(view), page, limit, total };
    },
  };
}
