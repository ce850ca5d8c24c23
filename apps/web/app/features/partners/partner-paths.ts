/** The addresses of a partner's purchase pages. */
export const partnerPath = (slug: string) => `/purchase/${encodeURIComponent(slug)}`;

export const partnerReceiptPath = (slug: string, checkoutId: string) =>
  `${partnerPath(slug)}/receipt/${encodeURIComponent(checkoutId)}`;
