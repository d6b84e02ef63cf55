/**
 * Clock skew between this computer and the exchange. The exchange refuses signed requests whose
 * timestamp is too far from its clock (40008), so the client stamps requests with
 * `local now − skew` once the skew has been measured.
 */

/** Last measured skew (local minus exchange, ms) per profile; outlives the per-request clients. */
export class ClockSkews {
  private readonly byKey = new Map<string, number>();

  get(key: string): number | null {
    return this.byKey.get(key) ?? null;
  }

  set(key: string, skewMs: number): void {
    this.byKey.set(key, skewMs);
  }

  clear(key: string): void {
    this.byKey.delete(key);
  }
}

export const sharedClockSkews = new ClockSkews();

/**
 * Local minus exchange clock from one round trip to the public time endpoint. The server read its
 * clock somewhere between sending and receiving; the midpoint halves the error a slow network adds.
 */
export function skewFromRoundTrip(sentAt: number, receivedAt: number, serverTime: number): number {
  return Math.round((sentAt + receivedAt) / 2 - serverTime);
}
