/** A screen that a later issue builds: says so plainly rather than pretending. */
export function NotBuilt({ title, what }: { title: string; what: string }) {
  return (
    <section className="screen" aria-labelledby="not-built-title">
      <div className="empty-state">
        <h1 id="not-built-title">{title}</h1>
        <p className="badge badge-warn">Not yet built</p>
        <p className="muted">{what}</p>
      </div>
    </section>
  );
}
