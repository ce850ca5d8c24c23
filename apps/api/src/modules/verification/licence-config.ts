/** What the licence form needs to know (GET /customer-verify/config/licence), from the domain's formats. */
import type { LicenceConfigView } from '@drawhouse/contract';
import { LICENCE_FORMATS, LICENCE_STATES } from '@drawhouse/domain';

export const LICENCE_LABELS = {
  state: 'State or territory that issued your licence',
  licenceNumber: 'Licence number',
  cardNumber: 'Card number',
};

export function licenceConfig(): LicenceConfigView {
  return {
    states: LICENCE_STATES.map((state) => {
      const format = LICENCE_FORMATS[state];
      return {
        state,
        name: format.name,
        cardNumberRequired: format.cardNumberRequired,
        licenceNumber: { pattern: format.licenceNumber.pattern.source, hint: format.licenceNumber.hint },
        cardNumber: { pattern: format.cardNumber.pattern.source, hint: format.cardNumber.hint },
      };
    }),
    labels: LICENCE_LABELS,
  };
}
