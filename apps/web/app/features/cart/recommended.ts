/** A recommended draw in the pre-cart drawer, with the item body that adds it in one click. */
export type RecommendedDraw = {
  key: string;
  name: string;
  description: string;
  /** When the next draw is: its day label and date. */
  nextDraw: string;
  item: Record<string, unknown>;
};
