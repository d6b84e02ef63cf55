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
const WIDEST = new Set(['M', 'W', 'm', 'w', '@', '%', '&']);
const NON_ASCII_EM = 1.3;
const MONO_EM = 0.62;
const BOLD = 1.1;

/** An ASCII character in a proportional face. */
function sansEm(c: string): number {
  if (WIDEST.has(c)) return 1;
  return c >= 'A' && c <= 'Z' ? 0.8 : 0.65;
}

export type TextFace = 'sans' | 'mono';

export function maxTextWidth(text: string, fontPx: number, face: TextFace, bold = false): number {
  let em = 0;
  for (const c of text) em += c.charCodeAt(0) > 127 ? NON_ASCII_EM : face === 'mono' ? MONO_EM : sansEm(c);
  return em * fontPx * (bold ? BOLD : 1);
}
