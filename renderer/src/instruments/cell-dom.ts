/**
 * Writes a grid cell's content straight into its element, changing only what differs from what it
 * wrote there last. The grid's cells are the one place where React's own work was the larger part
 * of a sort: a sort or a keystroke replaces the content of every cell in view (~500), and React
 * spent about as long reconciling them as the browser took to lay them out. React still renders
 * the rows and their cell elements (roles, column indices, widths); the content of a cell (its
 * class, its accessible name, tooltip and description, its text and the few small elements beside
 * it) is described by grid-cells.tsx as data and written here. `npm run bench:grid` measures what
 * a sort, a search and a mount cost.
 */

/** An element inside a cell: a badge, the watch star, a tag, a padding of invisible digits. */
export interface CellElement {
  tag: 'span' | 'button';
  className: string;
  text?: string;
  /** Attributes besides the class; an undefined value leaves the attribute off. */
  attrs?: Readonly<Record<string, string | undefined>>;
}

/** A text node or an element, in order. */
export type CellPart = string | CellElement;

/** What a cell shows and says: written into its element by writeCell. */
export interface CellView {
  className: string;
  /** Its accessible name, when its content alone would not give the right one. */
  label?: string;
  /** The full id of the hidden text describing it. */
  describedBy?: string;
  title?: string;
  parts: readonly CellPart[];
}

interface Written {
  className?: string;
  label?: string;
  describedBy?: string;
  title?: string;
  nodes: Node[];
  parts: CellPart[];
}

/** What was last written into each element (an element React replaces starts afresh). */
const written = new WeakMap<Element, Written>();

function writtenOf(el: Element): Written {
  let w = written.get(el);
  if (!w) {
    if (el.firstChild) el.replaceChildren();
    w = { nodes: [], parts: [] };
    written.set(el, w);
  }
  return w;
}

function setAttr(el: Element, name: string, before: string | undefined, after: string | undefined): void {
  if (before === after) return;
  if (after === undefined) el.removeAttribute(name);
  else el.setAttribute(name, after);
}

function create(part: CellPart): Node {
  if (typeof part === 'string') return document.createTextNode(part);
  const el = document.createElement(part.tag);
  if (part.tag === 'button') el.setAttribute('type', 'button');
  el.className = part.className;
  for (const [name, value] of Object.entries(part.attrs ?? {})) if (value !== undefined) el.setAttribute(name, value);
  if (part.text) el.append(part.text);
  return el;
}

/** Whether `before`'s node can show `after` by changing it in place. */
const sameKind = (before: CellPart, after: CellPart): boolean =>
  typeof before === 'string' ? typeof after === 'string' : typeof after !== 'string' && before.tag === after.tag;

function update(node: Node, before: CellPart, after: CellPart): void {
  if (typeof before === 'string' || typeof after === 'string') {
    if (before !== after) (node as Text).data = after as string;
    return;
  }
  const el = node as Element;
  if (before.className !== after.className) el.className = after.className;
  if (before.text !== after.text) {
    const text = el.firstChild;
    if (text && !text.nextSibling && after.text) (text as Text).data = after.text;
    else el.textContent = after.text ?? '';
  }
  if (before.attrs !== after.attrs) {
    const b = before.attrs ?? {};
    const a = after.attrs ?? {};
    for (const name in a) setAttr(el, name, b[name], a[name]);
    for (const name in b) if (!(name in a)) setAttr(el, name, b[name], undefined);
  }
}

/** Makes `el`'s children show `parts`, reusing the nodes written there before where they fit. */
export function writeParts(el: Element, parts: readonly CellPart[]): void {
  const w = writtenOf(el);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const before = w.parts[i];
    if (before !== undefined && sameKind(before, part)) {
      update(w.nodes[i]!, before, part);
    } else {
      const node = create(part);
      if (before !== undefined) el.replaceChild(node, w.nodes[i]!);
      else el.appendChild(node);
      w.nodes[i] = node;
    }
    w.parts[i] = part;
  }
  for (let i = parts.length; i < w.nodes.length; i++) el.removeChild(w.nodes[i]!);
  w.nodes.length = parts.length;
  w.parts.length = parts.length;
}

/** Writes `view` into the cell element `el`: its class, its ARIA attributes and tooltip, its content. */
export function writeCell(el: HTMLElement, view: CellView): void {
  const w = writtenOf(el);
  if (w.className !== view.className) el.className = view.className;
  setAttr(el, 'aria-label', w.label, view.label);
  setAttr(el, 'aria-describedby', w.describedBy, view.describedBy);
  setAttr(el, 'title', w.title, view.title);
  w.className = view.className;
  w.label = view.label;
  w.describedBy = view.describedBy;
  w.title = view.title;
  writeParts(el, view.parts);
}
