/** A list of keys and what they do, as the keyboard help shows it. */
import { useId } from 'react';

export type KeyList = ReadonlyArray<readonly [keys: string, what: string]>;

/** One titled group of keys: a region named by its heading. */
export function KeyGroup({ title, keys, empty }: { title: string; keys: KeyList; empty?: string }) {
  const id = useId();
  return (
    <section className="kh-group" aria-labelledby={id}>
      <h3 id={id} className="kh-group-title">
        {title}
      </h3>
      {keys.length ? (
        <dl className="kh-list">
          {keys.map(([k, what]) => (
            <div key={`${k} ${what}`} className="kh-key">
              <dt>
                <kbd>{k}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted kh-empty">{empty}</p>
      )}
    </section>
  );
}
