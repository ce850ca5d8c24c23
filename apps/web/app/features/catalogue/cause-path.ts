/** The cause's page for one of its offers: `/causes/{causeSlug}/{productOfferKey}`. */
export const causeOfferPath = (causeSlug: string, productOfferKey: string) =>
  `/causes/${causeSlug}/${productOfferKey}`;
