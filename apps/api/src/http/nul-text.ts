/**
 * PostgreSQL cannot store a NUL character in text or jsonb: a request carrying one would fail deep in
 * a query. Every request body and every query string a route reads is checked here first, so such
 * input is a field error.
 */
const MAX_REPORTED = 20;
const MAX_DEPTH = 64;

/** The wire paths (`games[0].numbers`, `affiliate_code`) of strings holding a NUL; `general` for keys. */
export function nulTextFields(value: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (found.length >= MAX_REPORTED || depth > MAX_DEPTH) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path || 'general');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      nulTextFields(item, `${path}[${i}]`, found, depth + 1);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) {
        found.push('general');
        continue;
      }
      nulTextFields(item, path ? `${path}.${key}` : key, found, depth + 1);
    }
  }
  return found;
}

export const NUL_TEXT_MESSAGE = 'This field cannot contain a NUL character.';
