/**
 * Keys are snake_case on the wire and camelCase in code, on both sides. These are the one mapping
 * of a key; only object keys change, never values.
 */

/** Keys whose wire name puts an underscore before a digit, which the letter rule cannot know. */
const WIRE_NAMES: Record<string, string> = { addressLine2: 'address_line_2' };
const CODE_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(WIRE_NAMES).map(([code, wire]) => [wire, code]),
);

/** `drawNo` -> `draw_no`; `addressLine2` -> `address_line_2`. */
export function snakeKey(key: string): string {
  return (
    WIRE_NAMES[key] ??
    key.replace(/(?<=[a-z0-9])([A-Z])/g, (_match, upper: string) => `_${upper.toLowerCase()}`)
  );
}

/** `draw_no` -> `drawNo`; a leading underscore stays. */
export function camelKey(key: string): string {
  return (
    CODE_NAMES[key] ??
    key.replace(/(?<=[a-zA-Z0-9])_+([a-zA-Z0-9])/g, (_match, next: string) => next.toUpperCase())
  );
}
