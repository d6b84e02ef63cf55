import { useState } from 'react';
import type { Grid } from '../../../shared/steps';
import { useAmend } from './amend-store';
import { nudgedValue, parsePercent, parseTicks, roundingHint, shiftedPrice } from './nudges';

export const HELPERS_HINT_ID = 'amend-price-helpers-hint';

interface Props {
  grid: Grid | undefined;
  /** The order's current price: where a shift starts while the Price field is empty. */
  current: string | undefined;
  side: string | undefined;
  /** Why the price cannot be changed now: every nudge is unavailable, with this reason. */
  frozen?: string | null;
}

function Stepper(props: {
  text: string;
  onText: (t: string) => void;
  valid: boolean;
  inputName: string;
  unit: string;
  names: [string, string];
  /** The price after a press of − or +, undefined when it cannot be said (and the button says why). */
  apply: (dir: -1 | 1) => string | undefined;
  why: string | undefined;
}) {
  const { text, onText, valid, inputName, unit, names, apply, why } = props;
  const setField = useAmend((s) => s.setField);
  const button = (dir: -1 | 1, label: string) => {
    const blocked = !valid ? `Type a valid ${inputName.toLowerCase()}` : why;
    return (
      // aria-disabled, not disabled: the button keeps focus, and its title says why nothing happens.
      <button
        type="button"
        className="button amend-mini"
        aria-label={names[dir < 0 ? 0 : 1]}
        aria-disabled={blocked ? true : undefined}
        title={blocked}
        onClick={() => {
          if (blocked) return;
          const next = apply(dir);
          if (next !== undefined) setField('price', next);
        }}
      >
        {label}
      </button>
    );
  };
  return (
    <span className="amend-stepper">
      {button(-1, '−')}
      <input
        type="text"
        className="mono amend-mini-input"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-label={inputName}
        aria-invalid={valid ? undefined : true}
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
      {button(1, '+')}
      <span className="amend-stepper-unit" aria-hidden="true">
        {unit}
      </span>
    </span>
  );
}

/** ±N ticks and ±x % beside Price: every result goes into the draft, so the checks and the review see it. */
export function PriceHelpers({ grid, current, side, frozen }: Props) {
  const [ticksText, setTicks] = useState('1');
  const [pctText, setPct] = useState('1');
  const ticks = parseTicks(ticksText);
  const pct = parsePercent(pctText);
  const typed = () => useAmend.getState().draft.price;
  const base = (): boolean => Boolean(typed().trim() || current);
  const tickWhy = frozen
    ? frozen
    : !grid
      ? 'Needs the instrument (its price step)'
      : !base()
        ? 'Load the order or type a price'
        : undefined;
  const pctWhy =
    tickWhy ?? (side !== 'buy' && side !== 'sell' ? 'Load the order: the rounding follows its side' : undefined);
  const tickWord = ticks === 1 ? 'tick' : 'ticks';
  return (
    <div className="amend-helpers" role="group" aria-label="Price helpers" aria-describedby={HELPERS_HINT_ID}>
      <span className="amend-helpers-label" aria-hidden="true">
        Price
      </span>
      <Stepper
        text={ticksText}
        onText={setTicks}
        valid={ticks !== undefined}
        inputName="Ticks per press"
        unit="ticks"
        names={[`Price −${ticksText.trim()} ${tickWord}`, `Price +${ticksText.trim()} ${tickWord}`]}
        apply={(dir) => (ticks ? nudgedValue(typed(), current, grid, dir * ticks) : undefined)}
        why={tickWhy}
      />
      <Stepper
        text={pctText}
        onText={setPct}
        valid={pct !== undefined}
        inputName="Percent per press"
        unit="%"
        names={[`Price −${pctText.trim()} %`, `Price +${pctText.trim()} %`]}
        apply={(dir) => (pct ? shiftedPrice(typed(), current, grid, dir < 0 ? `-${pct}` : pct, side) : undefined)}
        why={pctWhy}
      />
      <span className="field-hint amend-helpers-hint" id={HELPERS_HINT_ID}>
        {roundingHint(side, grid)} · Shift+↑↓ in a field: 10 steps
      </span>
    </div>
  );
}
