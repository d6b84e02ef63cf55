/**
 * The words of a modification's change, one text for main's outcome summary and the Activity
 * screen, so an operator reads the same change in both places.
 */
import type { ModifyOrderRequest } from './schemas';

type Values = { price?: string; qty?: string };

/**
 * ["price 60000.0 → 60010.0", "qty 0.0100 → 0.0200"]. When the order was not loaded before sending
 * the old side is not known, and says so in words ("price → 60010.0 (previous not known)"): a bare
 * "?" reads like a missing value or a glitch. The new side is what the order shows after, when known
 * (the exchange may write the number differently), else what was asked for.
 */
export function changeParts(
  request: Pick<ModifyOrderRequest, 'price' | 'qty'>,
  before?: Values,
  after?: Values,
): string[] {
  const parts: string[] = [];
  const part = (name: 'price' | 'qty', asked: string) => {
    const next = after?.[name] ?? asked;
    const old = before?.[name];
    return old === undefined ? `${name} → ${next} (previous not known)` : `${name} ${old} → ${next}`;
  };
  if (request.price !== undefined) parts.push(part('price', request.price));
  if (request.qty !== undefined) parts.push(part('qty', request.qty));
  return parts;
}

/** "price 60000.0 → 60010.0, qty 0.0100 → 0.0200" */
export function changeText(
  request: Pick<ModifyOrderRequest, 'price' | 'qty'>,
  before?: Values,
  after?: Values,
): string {
  return changeParts(request, before, after).join(', ');
}
