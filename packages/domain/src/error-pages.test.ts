import { describe, expect, it } from 'vitest';
import { ERROR_PAGE_COPY, errorPageKind } from './error-pages.ts';

describe('ERROR_PAGE_COPY', () => {
  it('carries the 404 copy', () => {
    expect(ERROR_PAGE_COPY.notFound).toEqual({
      title: 'Something went wrong.',
      text: "It's looking like you may have taken a wrong turn.",
      homeLink: 'Try heading home and finding your bearings.',
    });
  });

  it('carries the 418, 503 and server busy copy', () => {
    expect(ERROR_PAGE_COPY.noProducts.title).toBe("It's not you, it's us!");
    expect(ERROR_PAGE_COPY.noProducts.text).toBe(
      'There are currently no products available, please check back later. Thank you for being patient.',
    );
    expect(ERROR_PAGE_COPY.maintenance.title).toBe("There's a spanner in the works!");
    expect(ERROR_PAGE_COPY.maintenance.text).toBe(
      "We'll be up and running again soon after this scheduled maintenance.",
    );
    expect(ERROR_PAGE_COPY.serverBusy.text).toBe(
      'We are experiencing large load times on our server. Thank you for being patient.',
    );
  });

  it('carries the generic fallback copy', () => {
    expect(ERROR_PAGE_COPY.fallback).toEqual({
      title: "It's not you, it's us!",
      text: 'Looks like something went wrong on our end.',
      hint: 'Please try reloading or go back to the Homepage.',
      button: 'Reload page',
    });
  });

  it('maps statuses to pages', () => {
    expect(errorPageKind(404)).toBe('notFound');
    expect(errorPageKind(418)).toBe('noProducts');
    expect(errorPageKind(503)).toBe('maintenance');
    expect(errorPageKind(500)).toBe('serverBusy');
    expect(errorPageKind(502)).toBe('serverBusy');
  });
});
