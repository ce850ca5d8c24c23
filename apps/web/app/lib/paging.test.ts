import { describe, expect, it } from 'vitest';
import { pageCount, pageNumber } from './paging';

describe('paging', () => {
  it('reads the page from the address: none is 1, anything else but a positive number is no page', () => {
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber('3')).toBe(3);
    for (const bad of ['0', '-1', '01', '2x', '1.5', '', '9999999']) expect(pageNumber(bad)).toBe(0);
  });

  it('counts pages of ten, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
