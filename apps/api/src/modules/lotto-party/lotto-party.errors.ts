/** The lotto party's refusals, each with its status and code (docs/api/lotto-party.md). */
import { AppError, notFound } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';

export const groupNotFound = () => notFound('group_not_found', 'You are not in a group like that.');
export const sessionNotFound = () => notFound('session_not_found', 'There is no such lotto party session.');
export const drawNotFound = () => notFound('draw_not_found', 'There is no lottery draw like that.');
export const configNotFound = () =>
  notFound('config_not_found', 'There is no lotto party configuration like that.');
export const inviteNotFound = () => notFound('invite_not_found', 'This invite link is not valid.');

export const inviteSpent = () =>
  new AppError(410, 'invite_spent', 'This invite link has expired or was replaced by a newer one.');

export const drawClosed = () =>
  new AppError(422, 'draw_closed', 'This draw is closed.', {
    draw_id: [{ code: 'draw_closed', message: 'This draw is closed.' }],
  });

export const sessionExists = () =>
  new AppError(409, 'session_exists', 'Your group already has a session on this draw.', {
    draw_id: [{ code: 'session_exists', message: 'Your group already has a session on this draw.' }],
  });

export const duplicateGroupName = () =>
  new AppError(409, 'duplicate_group_name', 'A group with this name already exists.', {
    group_name: [{ code: 'duplicate_group_name', message: 'A group with this name already exists.' }],
  });

export const invalidTransition = (message: string, field = 'autosession_status') =>
  new AppError(422, 'invalid_transition', message, {
    [field]: [{ code: 'invalid_transition', message }],
  });

export const ownerCannotLeave = () =>
  new AppError(409, 'owner_cannot_leave', "A group's owner cannot leave it.");

export const holdsShares = () =>
  new AppError(
    409,
    'holds_shares',
    'You hold shares in a session that is not settled yet: you can leave once its result is in.',
  );

export const notGroupOwner = (message = "Only the group's owner can change who sees its sessions.") =>
  new AppError(403, 'not_group_owner', message);

/** A field refused before anything is read or written: 400 validation_error on that field. */
export const fieldRefused = (field: string, message: string, code = 'invalid') =>
  validationError(fieldErrors([[field, message, code]]));
