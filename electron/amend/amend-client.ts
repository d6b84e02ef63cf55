/**
 * The part of ExchangeClient the amend desk uses (tests pass a stand-in). It lives below both the
 * single-order desk (amend-service.ts) and the steps it shares with runs (amend-steps.ts), so
 * neither imports the other for it.
 */
import type { Category, Instrument, ModifyOrderRequest } from '../../shared/schemas';
import type { BatchModifyAnswer, ModifyAnswer } from '../exchange/client';
import type { OrderReaderClient } from './order-reader';

export interface AmendClient extends OrderReaderClient {
  modifyOrder(body: ModifyOrderRequest): Promise<ModifyAnswer>;
  getInstruments(category: Category, symbol?: string): Promise<Instrument[]>;
  /** Runs of many amends only (amend-runs.ts). */
  batchModify?(items: readonly ModifyOrderRequest[]): Promise<BatchModifyAnswer>;
}
