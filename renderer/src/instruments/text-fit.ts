/**
 * How wide a text can render at most, without measuring it. The grid clips (overflow hidden, an
 * ellipsis) only the cells whose content may not fit: a clipped cell costs more to lay out and
 * paint, and a keystroke in the search replaces every visible cell.
 *
 * Advances are upper bounds per character class, in em, taken above the widest of the fonts the
 * app's stacks resolve to (DejaVu Sans is wider than Inter, Segoe UI, SF Pro and Arial; every
 * monospace face in the stack advances 0.6 em). Characters outside ASCII count as 1.3 em (CJK and
 * emoji), and bold text a tenth more.
 */
const NON_ASCII_EM = 1.3;
/** Every monospace face in the stack advances 0.6 em per character; this bound rounds it up. */
export const MONO_EM_BOUND = 0.62;
const BOLD = 1.1;

/** Advance of each ASCII character in a proportional face, in em: M W m w @ % & a full em, capitals 0.8. */
const SANS_EM = Float64Array.from({ length: 128 }, (_, c) => {
  const ch = String.fromCharCode(c);
  if ('MWmw@%&'.includes(ch)) return 1;
  return ch >= 'A' && ch <= 'Z' ? 0.8 : 0.65;
});

export type TextFace = 'sans' | 'mono';

/** Called for every cell drawn: a loop over character codes, no string per character. */
export function maxTextWidth(text: string, fontPx: number, face: TextFace, bold = false): number {
  let em = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) {
      em += NON_ASCII_EM;
      // A surrogate pair is one character.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
      }
    } else em += face === 'mono' ? MONO_EM_BOUND : SANS_EM[c]!;
  }
  return em * fontPx * (bold ? BOLD : 1);
}
