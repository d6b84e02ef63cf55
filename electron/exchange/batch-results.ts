/**
 * What the answer of Batch Modify Orders says about each item sent. The exchange lists one result
 * per item; an item it refused carries its own code. Results are matched to items by identifier
 * first and by position only when the counts agree, and an item the answer does not account for is
 * "unknown": it may have been accepted, so it is checked, never resent.
 */
import { SUCCESS_CODE, type BatchItemResult, type ModifyOrderRequest } from '../../shared/schemas';

export type BatchItemVerdict =
  | { kind: 'accepted'; orderId: string; clientOid: string }
  | { kind: 'rejected'; code: string; msg: string; orderId?: string; clientOid?: string }
  | { kind: 'unknown'; why: string };

const SUCCESS_CODES: ReadonlySet<string> = new Set([SUCCESS_CODE, '0']);

function names(item: ModifyOrderRequest, result: BatchItemResult): boolean {
  if (item.orderId !== undefined && result.orderId) return result.orderId === item.orderId;
  if (item.clientOid !== undefined && result.clientOid) return result.clientOid === item.clientOid;
  return false;
}

export function batchVerdicts(
  items: readonly ModifyOrderRequest[],
  results: readonly BatchItemResult[],
): BatchItemVerdict[] {
  const unused = new Set(results.map((_, i) => i));
  const byName = items.map((item) => {
    const i = results.findIndex((r, j) => unused.has(j) && names(item, r));
    if (i >= 0) unused.delete(i);
    return i;
  });
  const positional = results.length === items.length;
  return items.map((item, n): BatchItemVerdict => {
    let i = byName[n] as number;
    if (i < 0 && positional && unused.has(n)) {
      i = n;
      unused.delete(n);
    }
    const result = i >= 0 ? results[i] : undefined;
    if (!result) return { kind: 'unknown', why: 'The answer lists no result for this item.' };
    const code = result.code === undefined ? SUCCESS_CODE : String(result.code);
    const orderId = result.orderId || item.orderId;
    const clientOid = result.clientOid || item.clientOid;
    if (SUCCESS_CODES.has(code)) return { kind: 'accepted', orderId: orderId ?? '', clientOid: clientOid ?? '' };
    return { kind: 'rejected', code, msg: result.msg ?? '', orderId, clientOid };
  });
}
