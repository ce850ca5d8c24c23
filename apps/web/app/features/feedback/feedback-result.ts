import type { FieldErrors } from '../../lib/forms';

/** What /feedback answers the modal: stored, or the errors by field. */
export type FeedbackResult = { ok: boolean; errors?: FieldErrors };
