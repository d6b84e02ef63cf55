/**
 * Numbers aligned on their decimal point in a right-aligned monospace column: each cell pads its
 * fraction, with invisible digits that assistive technology skips, to the widest fraction of its
 * column, so every point (and every " %") of a column sits at the same x. A column's figures are
 * counted from its displayed texts once per list (never measured in the DOM, never per render);
 * a cell only compares its own text with them. Used by the instrument grid and by Amend many's
 * open orders.
 */
import type { ReactNode } from 'react';

/** A displayed number in characters: before the point, the point and its fraction, and after it (" %"). */
export interface NumberShape {
  head: number;
  frac: number;
  tail: number;
  /** Not a number at all ("—", "no limit"): the whole text is `tail`. */
  word: boolean;
}

/** The widest parts of a column's displayed numbers, and of its words, in characters. */
export interface NumberFigures {
  head: number;
  frac: number;
  tail: number;
  word: number;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const COMMA = 44;
const POINT = 46;
const MINUS = 45;
const PLUS = 43;

/** A loop over character codes: no regular expression, no string built. */
export function numberShape(text: string): NumberShape {
  const n = text.length;
  let i = 0;
  if (i < n && (text.charCodeAt(i) === MINUS || text.charCodeAt(i) === PLUS)) i++;
  let digits = 0;
  while (i < n && (isDigit(text.charCodeAt(i)) || (digits > 0 && text.charCodeAt(i) === COMMA))) {
    if (isDigit(text.charCodeAt(i))) digits++;
    i++;
  }
  const head = i;
  if (i < n && text.charCodeAt(i) === POINT) {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
  }
  const frac = i - head;
  if (digits === 0 && frac <= 1) return { head: 0, frac: 0, tail: n, word: true };
  return { head, frac, tail: n - i, word: false };
}

export const noFigures = (): NumberFigures => ({ head: 0, frac: 0, tail: 0, word: 0 });

/** Widens `f` to hold `text`. */
export function addFigures(f: NumberFigures, text: string): void {
  const s = numberShape(text);
  if (s.word) f.word = Math.max(f.word, s.tail);
  else {
    f.head = Math.max(f.head, s.head);
    f.frac = Math.max(f.frac, s.frac);
    f.tail = Math.max(f.tail, s.tail);
  }
}

/** The figures of a column of displayed texts. */
export function figuresOfTexts(texts: Iterable<string>): NumberFigures {
  const f = noFigures();
  for (const t of texts) addFigures(f, t);
  return f;
}

/** Invisible characters a cell adds: in place of the fraction it lacks, and after its tail; a word ends where the points are. */
export function numberPadding(shape: NumberShape, figures: NumberFigures): { frac: number; tail: number } {
  if (shape.word) return { frac: 0, tail: figures.frac + figures.tail };
  return { frac: Math.max(0, figures.frac - shape.frac), tail: Math.max(0, figures.tail - shape.tail) };
}

/** Characters a column's widest cell takes, its padding included. */
export function figuresWidthChars(f: NumberFigures): number {
  return Math.max(f.head, f.word) + f.frac + f.tail;
}

const PADS: string[] = [''];
/** n invisible digits (the same advance as any digit in the monospace face). */
export function padText(n: number): string {
  while (PADS.length <= n) PADS.push(`${PADS[PADS.length - 1]}0`);
  return PADS[n]!;
}

/** How many characters `text` takes once aligned in a column of these figures. */
export function alignedLength(text: string, figures: NumberFigures): number {
  const pad = numberPadding(numberShape(text), figures);
  return text.length + pad.frac + pad.tail;
}

/** The class of an invisible padding (styles.css hides it; it is aria-hidden too). */
export const PAD_CLASS = 'num-pad';

/**
 * The text cut where its padding goes: the strings to show, and between them the number of
 * invisible digits to add (a number); the plain text alone when it needs none.
 */
export function alignedPieces(text: string, figures: NumberFigures): Array<string | number> {
  const shape = numberShape(text);
  const pad = numberPadding(shape, figures);
  if (pad.frac === 0 && pad.tail === 0) return [text];
  const cut = shape.head + shape.frac;
  const pieces: Array<string | number> = pad.frac ? [text.slice(0, cut), pad.frac] : [text];
  if (pad.frac && cut < text.length) pieces.push(text.slice(cut));
  if (pad.tail) pieces.push(pad.tail);
  return pieces;
}

/** The text with its invisible padding (the plain text when it needs none). */
export function alignedNumber(text: string, figures: NumberFigures): ReactNode {
  const pieces = alignedPieces(text, figures);
  if (pieces.length === 1) return text;
  return (
    <>
      {pieces.map((p, i) =>
        typeof p === 'number' ? (
          <span key={i} className={PAD_CLASS} aria-hidden="true">
            {padText(p)}
          </span>
        ) : (
          p
        ),
      )}
    </>
  );
}
