import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_AFTER_MS,
  heartbeatDue,
  isChunkLoadError,
  SESSION_INACTIVITY_MS,
  shouldReloadOnChunkError,
  startsNewSession,
} from './session-edges.ts';

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: https://shop.example/assets/cart-Bx1.js',
);

describe('isChunkLoadError', () => {
  it('knows the browsers’ messages for a chunk that did not load', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError('Unable to preload CSS for /assets/app.css')).toBe(true);
  });

  it('is false for any other error', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('shouldReloadOnChunkError', () => {
  const opened = Date.UTC(2026, 0, 1);

  it('reloads an app open over 24 hours (864e5 ms)', () => {
    expect(CHUNK_RELOAD_AFTER_MS).toBe(86_400_000);
    expect(shouldReloadOnChunkError(chunkError, opened, opened + CHUNK_RELOAD_AFTER_MS + 1)).toBe(true);
  });

  it('does not reload a younger app, or at exactly 24 hours', () => {
    expect(shouldReloadOnChunkError(chunkError, opened, opened + 60_000)).toBe(false);
    expect(shouldReloadOnChunkError(chunkError, opened, opened + CHUNK_RELOAD_AFTER_MS)).toBe(false);
  });

  it('does not reload on other errors, however old the app', () => {
    expect(shouldReloadOnChunkError(new Error('boom'), opened, opened + 2 * CHUNK_RELOAD_AFTER_MS)).toBe(
      false,
    );
  });
});

describe('heartbeatDue', () => {
  it('pings while the visitor was active within the timeout', () => {
    expect(heartbeatDue(0, 600_000, 600)).toBe(true);
    expect(heartbeatDue(0, 600_001, 600)).toBe(false);
  });
});

describe('startsNewSession', () => {
  it('starts a new session after 30 minutes without activity', () => {
    expect(SESSION_INACTIVITY_MS).toBe(30 * 60 * 1000);
    expect(startsNewSession(0, SESSION_INACTIVITY_MS)).toBe(true);
    expect(startsNewSession(0, SESSION_INACTIVITY_MS - 1)).toBe(false);
  });
});
