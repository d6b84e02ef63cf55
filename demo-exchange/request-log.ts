/** What the server answered, per request, for tests and the e2e suite. Never headers or bodies. */
export interface RequestLogEntry {
  /** Server time (ms) when the request was processed. */
  at: number;
  method: string;
  path: string;
  status: number;
  code: string;
}

/** Keeps the most recent entries only: a long-running app must not grow without bound. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly capacity = 10_000) {}

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries = this.entries.slice(-this.capacity / 2);
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
