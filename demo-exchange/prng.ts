/**
 * Seeded pseudo-random numbers (mulberry32). The bundled instruments and default orders must be the
 * same on every machine and every run, so nothing here may read Math.random or the clock.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Prng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A string of `length` decimal digits (leading zeros allowed). */
  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += String(this.int(0, 9));
    return s;
  }
}
