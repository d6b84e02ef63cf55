/**
 * The Amend many screen's state, kept while the operator visits other screens: the filter, the
 * selection, the rule and the run being followed. Not persisted: a restart starts from the orders.
 */
import { create } from 'zustand';
import type { PlanRow } from '../../../shared/plan-row';
import { EMPTY_RULE, type RuleForm } from './rule-form';
import { NO_FILTER, type OrderFilter } from './order-filter';

export type Phase = 'plan' | 'confirm' | 'run';

interface AmendManyState {
  filter: OrderFilter;
  /** Order keys (orderKey) the operator ticked. */
  selected: ReadonlySet<string>;
  rule: RuleForm;
  phase: Phase;
  runId: string | null;
  /** The preview rows the run was started from: the items' current values and names. */
  planned: readonly PlanRow[];
  /** The last prefill taken from an entry point, so a revisit does not take it twice. */
  prefillNonce: number;
  setFilter(patch: Partial<OrderFilter>): void;
  setSelected(keys: ReadonlySet<string>): void;
  toggle(key: string, on: boolean): void;
  setRule(patch: Partial<RuleForm>): void;
  setPhase(phase: Phase): void;
  startedRun(id: string, planned: readonly PlanRow[]): void;
  /** Back to planning after a run: the selection is cleared (those orders have changed). */
  newPlan(): void;
  takePrefill(nonce: number, filter: Partial<OrderFilter>): void;
}

/** A fresh plan: nothing selected, no rule, no run shown (the start, and a profile switch). */
export const AMEND_MANY_START = {
  filter: NO_FILTER,
  selected: new Set<string>(),
  rule: EMPTY_RULE,
  phase: 'plan',
  runId: null,
  planned: [],
} as const satisfies Partial<AmendManyState>;

export const useAmendMany = create<AmendManyState>()((set) => ({
  ...AMEND_MANY_START,
  selected: new Set(),
  planned: [],
  prefillNonce: 0,
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  setSelected: (keys) => set({ selected: keys }),
  toggle: (key, on) =>
    set((s) => {
      const next = new Set(s.selected);
      if (on) next.add(key);
      else next.delete(key);
      return { selected: next };
    }),
  setRule: (patch) => set((s) => ({ rule: { ...s.rule, ...patch } })),
  setPhase: (phase) => set({ phase }),
  startedRun: (id, planned) => set({ phase: 'run', runId: id, planned }),
  newPlan: () => set({ phase: 'plan', runId: null, planned: [], selected: new Set() }),
  // A run on screen stays there (it is followed until its end); the new filter waits behind it.
  takePrefill: (nonce, filter) =>
    set((s) => ({
      prefillNonce: nonce,
      filter: { ...NO_FILTER, ...filter },
      selected: new Set(),
      ...(s.phase === 'run' ? {} : { phase: 'plan' as const }),
    })),
}));
