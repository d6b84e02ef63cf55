/**
 * Newline-delimited frames with a bound: chunks in, whole lines out. A line longer than the bound is
 * never held in memory in full; the splitter says so once and takes nothing more.
 */
const NEWLINE = 0x0a;

export type SplitResult = { lines: string[]; overflow: boolean };

export class LineSplitter {
  private parts: Buffer[] = [];
  private pending = 0;
  private overflowed = false;

  constructor(private readonly maxLineBytes: number) {}

  /** The whole lines this chunk completes (without their newline); `overflow` once a line passes the bound. */
  push(chunk: Buffer): SplitResult {
    const lines: string[] = [];
    if (this.overflowed) return { lines, overflow: true };
    let start = 0;
    for (;;) {
      const at = chunk.indexOf(NEWLINE, start);
      if (at === -1) break;
      if (this.pending + (at - start) > this.maxLineBytes) return this.overflow(lines);
      this.parts.push(chunk.subarray(start, at));
      lines.push(Buffer.concat(this.parts).toString('utf8'));
      this.parts = [];
      this.pending = 0;
      start = at + 1;
    }
    const rest = chunk.length - start;
    if (rest > 0) {
      if (this.pending + rest > this.maxLineBytes) return this.overflow(lines);
      this.parts.push(chunk.subarray(start));
      this.pending += rest;
    }
    return { lines, overflow: false };
  }

  private overflow(lines: string[]): SplitResult {
    this.overflowed = true;
    this.parts = [];
    this.pending = 0;
    return { lines, overflow: true };
  }
}
