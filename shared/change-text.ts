/**
 * The words of a modification's change, one text for main's outcome summary and the Activity
 * screen, so an operator reads the same change in both places.
 */
import type { ModifyOrderRequest } from './schemas';

type Values = { price?: string; qty?: string };

/**
 * ["price 60000.0 → 60010.0", "qty 0.0100 → 0.0200"]. The old side is "?" when the order was not
 * loaded before sending; the new side is what the order shows after, when known (the exchange may
 * write the number differently), else what was asked for.
 */
export function changeParts(
  request: Pick<ModifyOrderRequest, 'price' | 'qty'>,
  before?: Values,
  after?: Values,
): string[] {
  const parts: string[] = [];
  if (request.price !== undefined) parts.push(`price ${before?.price ?? '?'} → ${after?.price ?? request.price}`);
  if (request.qty !== undefined) parts.push(`qty ${before?.qty ?? '?'} → ${after?.qty ?? request.qty}`);
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
