/**
 * Field limits both sides of the wire enforce. Kept free of zod so that browser code (the domain's
 * validators run in forms too) can import them without the schema library.
 */

/** The longest email address a mailbox can have (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Shortest and longest password accepted at sign-up, reset and change. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
