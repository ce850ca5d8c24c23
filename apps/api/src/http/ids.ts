/**
 * Whether a path's id can name a row: ids are UUIDs, and anything else names none (answered 404
 * before PostgreSQL is asked, which would refuse it as a malformed uuid).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
