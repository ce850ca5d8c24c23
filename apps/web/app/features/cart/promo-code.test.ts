import { describe, expect, it } from 'vitest';
import { promotionReplacedMessage } from './promo-code';

describe('promotionReplacedMessage', () => {
  it('names the code that replaced another, and nothing otherwise', () => {
    expect(promotionReplacedMessage('WELCOME5', 'TENOFF')).toBe('TENOFF replaced WELCOME5');
    expect(promotionReplacedMessage('tenoff', 'TENOFF')).toBeNull();
    expect(promotionReplacedMessage(null, 'TENOFF')).toBeNull();
    expect(promotionReplacedMessage('WELCOME5', undefined)).toBeNull();
  });
});
