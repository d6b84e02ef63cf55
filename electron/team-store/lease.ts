/**
 * The lease: a desk that has not renewed its heartbeat within its lease may be dead after an
 * acknowledgement, so nobody is following its attempts any more. The first desk to notice makes
 * them "Outcome unknown" (a line each, as the dead desk would have on restart) and keeps their
 * guards as unknown: the order stays guarded until someone reads it again.
 */
import type { ClientBase } from 'pg';
import type { Attempt } from '../../shared/attempts';
import { outcomeSummary } from '../amend/attempt-text';
import { storeSearchText, whoOfRow, type DeskWhoRow } from './store-activity-who';

/** In one transaction: claims the lapsed desks (one claimer each) and makes their attempts unknown. */
export async function expireLapsedDesks(client: ClientBase, self: string, account: string): Promise<number> {
  const lapsed = await client.query<{ id: string } & DeskWhoRow>(
    `UPDATE desks SET expired_at = now()
     WHERE id <> $1 AND expired_at IS NULL AND heartbeat_at < now() - lease_ms * interval '1 millisecond'
     RETURNING id, display_name, host_name, host_kind, os_user`,
    [self],
  );
  let made = 0;
  for (const desk of lapsed.rows) {
    const open = await client.query<{ record: Attempt }>(
      `SELECT record FROM attempts WHERE desk_id = $1 AND account = $2 AND status IN ('sending', 'following') FOR UPDATE`,
      [desk.id, account],
    );
    const at = Date.now();
    for (const { record } of open.rows) {
      const attempt: Attempt = {
        ...record,
        status: 'unknown',
        summary: outcomeSummary.deskLapsed(`${desk.display_name} on ${desk.host_name}`),
        finishedAt: at,
        timeline: [
          ...record.timeline,
          {
            at,
            label: 'Outcome unknown',
            detail: `The desk that sent it (${desk.display_name} on ${desk.host_name}) stopped renewing its lease: it may or may not have reached the exchange`,
          },
        ],
      };
      const line = await client.query<{ seq: string }>(
        `INSERT INTO attempt_lines (attempt_id, account, desk_id, status, record) VALUES ($1, $2, $3, 'unknown', $4::jsonb) RETURNING seq`,
        [attempt.id, account, desk.id, JSON.stringify(attempt)],
      );
      await client.query(
        `UPDATE attempts SET status = 'unknown', finished_at = $2, last_seq = $3, record = $4::jsonb, search_text = $5
         WHERE id = $1`,
        [attempt.id, at, line.rows[0]!.seq, JSON.stringify(attempt), storeSearchText(attempt, whoOfRow(desk))],
      );
      await client.query(`UPDATE guards SET state = 'unknown' WHERE attempt_id = $1 AND state = 'in-flight'`, [
        attempt.id,
      ]);
      made++;
    }
  }
  return made;
}
