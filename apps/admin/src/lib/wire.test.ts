import * as contract from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_REQUEST_HEADER, OPERATOR_ROLES } from './wire';

describe('the back office’s copy of the contract’s constants', () => {
  it('has the contract’s roles, in its order, and its admin header', () => {
    expect(OPERATOR_ROLES).toEqual(contract.OPERATOR_ROLES);
    expect(ADMIN_REQUEST_HEADER).toBe(contract.ADMIN_REQUEST_HEADER);
  });
});
