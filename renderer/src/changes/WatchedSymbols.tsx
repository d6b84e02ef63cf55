/**
 * The symbols this profile watches, listed where their alerts come from: each can be dropped, and
 * one can be added here (as with the star in the Instruments grid).
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WatchedSymbol } from '../../../shared/instrument-watch';
import { CATEGORIES, type Category } from '../../../shared/schemas';
import { setWatched } from './queries';

/** What an exchange symbol can be: the rest is told before anything is asked of main. */
const SYMBOL = /^[A-Z0-9][A-Z0-9_.-]{0,63}$/;

export function WatchedSymbols({ watched }: { watched: readonly WatchedSymbol[] }) {
  const qc = useQueryClient();
  const id = useId();
  const [category, setCategory] = useState<Category>('USDT-FUTURES');
  const [symbol, setSymbol] = useState('');
  const [said, setSaid] = useState<{ error: boolean; text: string } | null>(null);

  const change = (c: Category, s: string, watch: boolean) =>
    setWatched(qc, c, s, watch).then(
      () => setSaid({ error: false, text: watch ? `Watching ${s} · ${c}.` : `Stopped watching ${s} · ${c}.` }),
      (e: Error) => setSaid({ error: true, text: e.message }),
    );

  const add = () => {
    const s = symbol.trim().toUpperCase();
    if (!SYMBOL.test(s)) {
      setSaid({ error: true, text: 'Give a symbol such as BTCUSDT: letters and digits.' });
      return;
    }
    if (watched.some((w) => w.category === category && w.symbol === s)) {
      setSaid({ error: false, text: `${s} · ${category} is watched already.` });
      return;
    }
    setSymbol('');
    void change(category, s, true);
  };

  return (
    <section className="ch-watched" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ch-watched-title">
        Watched symbols <span className="muted">({watched.length})</span>
      </h2>
      {watched.length === 0 ? (
        <p className="muted ch-watched-none">None: a watched symbol alerts when its status or restrictions change.</p>
      ) : (
        <ul className="ch-watched-list">
          {watched.map((w) => (
            <li key={`${w.category}:${w.symbol}`} className="ch-watched-item">
              <span className="mono">{w.symbol}</span> <span className="muted">{w.category}</span>
              <button
                type="button"
                className="button ghost ch-unwatch"
                aria-label={`Stop watching ${w.symbol} · ${w.category}`}
                title="Stop watching"
                onClick={() => void change(w.category, w.symbol, false)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="ch-watch-form"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor={`${id}-category`} className="sr-only">
          Category to watch
        </label>
        <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-symbol`} className="sr-only">
          Symbol to watch
        </label>
        <input
          id={`${id}-symbol`}
          className="mono ch-symbol-input"
          placeholder="Symbol to watch"
          value={symbol}
          maxLength={64}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setSymbol(e.target.value)}
        />
        <button type="submit" className="button">
          Watch
        </button>
      </form>
      <p className={said?.error ? 'field-error' : 'muted'} role="status" aria-label="Watch list">
        {said?.text ?? ''}
      </p>
    </section>
  );
}
