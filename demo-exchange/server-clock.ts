/**
 * The server's notion of "now": the machine clock plus an adjustable offset, so a client's
 * clock-skew correction (via /api/v2/public/time) can be exercised against a server that is "off".
 */
export class ServerClock {
  constructor(private offsetMs = 0) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  setOffset(ms: number): void {
    this.offsetMs = ms;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
