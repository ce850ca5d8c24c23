import { useState } from 'react';
import { cardValues } from '../checkout/card-fields';
import { type CardErrors, checkCardForm, tokeniseCard } from '../checkout/tokenise-card';

/**
 * The new card's details, checked in the page and then tokenised by the gateway straight from the
 * browser. `tokenise` answers the token and the card's security code (a new card's first charge
 * sends it), or undefined with the card's errors set (also when
 * `blocked`: another field of the form is wrong, so the card is only checked).
 */
export function useCardToken(tokenizeUrl: string | undefined) {
  const [tokenising, setTokenising] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  async function tokenise(
    form: HTMLFormElement,
    blocked = false,
  ): Promise<{ token: string; csc: string } | undefined> {
    const values = cardValues(form);
    const local = checkCardForm(values, new Date());
    setCardErrors(local ?? {});
    if (local || blocked || !tokenizeUrl) return undefined;
    setTokenising(true);
    const tokenised = await tokeniseCard(tokenizeUrl, values);
    setTokenising(false);
    if (!tokenised.ok) {
      setCardErrors(tokenised.errors);
      return undefined;
    }
    return { token: tokenised.card.token, csc: values.csc.trim() };
  }
  return { tokenising, cardErrors, tokenise };
}
