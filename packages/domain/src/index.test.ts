import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('@drawhouse/domain', () => {
  it('exports the rules the web and api call', () => {
    for (const name of [
      'centsToMoney',
      'moneyToCents',
      'formatMoney',
      'formatJackpot',
      'parseCurrencyInput',
      'jackpotText',
      'drawDayLabel',
      'formatDrawDate',
      'formatCountdown',
      'forwardDrawOrdinal',
      'orderProductOffers',
      'hasCapabilities',
      'pricingSegmentName',
      'isValidIdentifier',
      'cleanIdentifier',
      'isHexColour',
      'nearestColourDepth',
      'contrastRatio',
      'readableTextColour',
      'groupErrorsByTarget',
      'apiErrorMessage',
      'zonedTimeToUtc',
      'sydneyParts',
      'nextDrawTimes',
      'pastDrawTimes',
      'stopTimeFor',
      'combinations',
      'division1Odds',
      'isGameComplete',
      'pickNumber',
      'unpickNumber',
      'moveBetweenSets',
      'validateEntry',
      'gameFromWire',
      'gamesPerLine',
      'entryPriceCents',
      'entryOdds',
      'formatOdds',
      'quickPick',
      'resolveNumDraws',
      'validateDrawChoice',
      'listedDraws',
      'purchasableDraws',
      'firstDrawOf',
      'livePurchaseStatus',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(domain.CAPABILITIES.length).toBeGreaterThan(0);
    expect(domain.NAV_LINK_CONTRAST_THRESHOLD).toBe(4.5);
    expect(Object.keys(domain.GAMES)).toHaveLength(7);
    expect(domain.ERROR_PAGE_COPY.fallback.button).toBe('Reload page');
    expect(domain.VALIDATION_MESSAGES.required).toBe('This field is required.');
  });
});
