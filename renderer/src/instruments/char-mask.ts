// Below both the dataset (which keeps each row's mask) and the filters (which test against it).

/**
 * A 32-bit summary of which characters a text holds: a bit per letter, six bits shared by the
 * digits, none for other characters. A row can only contain a token whose bits it all has, so
 * the mask test discards most rows before the exact includes() confirms the rest.
 */
export function charMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << (26 + ((c - 48) % 6));
  }
  return mask;
}
