/** The review of document submissions on the command's database, as the commands use it. */
import { MINIMUM_REGISTRATION_AGE } from '@drawhouse/domain';
import { createDocumentsReview, type DocumentsReview } from '../../modules/verification/index.ts';
import type { OperatorContext } from '../command.ts';

export function reviewOf(ctx: OperatorContext): DocumentsReview {
  const configured = Number(ctx.env.MINIMUM_REGISTRATION_AGE);
  return createDocumentsReview({
    db: ctx.db,
    now: ctx.now,
    minimumAge: Number.isInteger(configured) && configured > 0 ? configured : MINIMUM_REGISTRATION_AGE,
  });
}
