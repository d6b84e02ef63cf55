/** Attempts and desks for team-store tests. */
import { randomUUID } from 'node:crypto';
import type { Attempt } from '../../../shared/attempts';
import { orderKeys } from '../../../shared/order-ids';
import type { PgCluster } from './pg-cluster';
import { TEST_PASSWORD } from './pg-cluster';
import { TeamStore, type DeskIdentity, type TeamStoreOptions } from '../team-store';

export function deskOf(name: string, over: Partial<DeskIdentity> = {}): DeskIdentity {
  return {
    id: randomUUID(),
    osUser: name,
    hostName: `${name}-host`,
    hostKind: 'desktop',
    displayName: name,
    profileName: 'Team account',
    ...over,
  };
}

export function attemptOf(orderId: string, over: Partial<Attempt> = {}): Attempt {
  return {
    id: randomUUID(),
    profileId: 'p1',
    profileName: 'Team account',
    environment: 'custom',
    startedAt: Date.now(),
    request: { category: 'SPOT', symbol: 'BTCUSDT', orderId, price: '100.5' },
    status: 'sending',
    summary: 'Sending the modification…',
    timeline: [{ at: Date.now(), label: 'Sent' }],
    ...over,
  };
}

export const keysOf = (a: Attempt) => orderKeys({ orderId: a.request.orderId, clientOid: a.request.clientOid });

export function storeOn(
  cluster: PgCluster,
  database: string,
  desk: DeskIdentity,
  over: Partial<TeamStoreOptions> = {},
): TeamStore {
  return new TeamStore({
    settings: { url: cluster.url(database), password: TEST_PASSWORD, displayName: desk.displayName },
    desk,
    account: 'http://127.0.0.1:1',
    ...over,
  });
}
