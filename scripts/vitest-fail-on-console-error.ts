import { afterEach, vi } from 'vitest';

// A test that logs console.error hides a failure: make it fail instead.
const errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${logged.join('\n')}`);
  }
});

export { spy };
