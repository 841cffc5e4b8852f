// The explorer's context menu (spec §4.4) on endpoint, class and module rows and on search hits:
// Export…, Copy API URL, Copy Path, Copy as cURL, Navigate to Source, Reset to Default. Opened by
// right click, the context-menu key or Shift+F10; walked with the arrows, chosen with Enter,
// closed with Escape or a click elsewhere. Focus returns to the row's list when it closes.

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ParamsOf } from '../protocol';
import type { EndpointSummary, Row, Tree } from './tree-model';
import { grouped } from './numbers';

export type Selection = ParamsOf<'export/run'>['selection'];

/** What a menu was opened on: one endpoint, or a group of the tree and the endpoints in it. */
export type MenuTarget =
  | { kind: 'endpoint'; endpoint: EndpointSummary }
  | { kind: 'class'; module: string; className: string; label: string; endpoints: EndpointSummary[] }
  | { kind: 'module'; module: string; endpoints: EndpointSummary[] };

export type CopyWhat = ParamsOf<'copy/text'>['what'];

export interface MenuActions {
  export(target: MenuTarget): void;
  copy(target: MenuTarget, what: CopyWhat): void;
  navigate(endpoint: EndpointSummary): void;
  reset(endpoint: EndpointSummary): void;
  /** Reset to Default on a class or a module: each of its endpoints. */
  resetAll(endpoints: EndpointSummary[]): void;
}

export interface MenuItem {
  label: string;
  run(): void;
}

/** The target of a tree row: groups carry their endpoints (found in the tree, collapsed or not). */
export function targetOfRow(tree: Tree, row: Row): MenuTarget | undefined {
  if (row.kind === 'endpoint') return { kind: 'endpoint', endpoint: row.endpoint };
  if (row.kind === 'module') {
    const m = tree.find((x) => x.module === row.label);
    return m && { kind: 'module', module: m.module, endpoints: m.classes.flatMap((c) => c.endpoints) };
  }
  const module = row.parent.slice(2);
  const c = tree.find((x) => x.module === module)?.classes.find((x) => x.className === row.title);
  return c && { kind: 'class', module, className: c.className, label: c.simpleName, endpoints: c.endpoints };
}

export function endpointsOf(target: MenuTarget): EndpointSummary[] {
  return target.kind === 'endpoint' ? [target.endpoint] : target.endpoints;
}

/** The export selection a target stands for, and how the export dialog names it. */
export function selectionOf(target: MenuTarget): { selection: Selection; label: string } {
  switch (target.kind) {
    case 'endpoint':
      return { selection: { kind: 'ids', ids: [target.endpoint.id] }, label: target.endpoint.address };
    case 'class':
      return { selection: { kind: 'class', className: target.className }, label: `class ${target.label} (${countOf(target.endpoints.length)})` };
    case 'module':
      return { selection: { kind: 'module', module: target.module }, label: `module ${target.module} (${countOf(target.endpoints.length)})` };
  }
}

export function countOf(n: number): string {
  return `${grouped(n)} endpoint${n === 1 ? '' : 's'}`;
}

/** The menu's items for a target; Copy API URL only while features.copyApiUrl is on. */
export function menuItems(target: MenuTarget, options: { copyApiUrl: boolean }, actions: MenuActions): MenuItem[] {
  const items: MenuItem[] = [{ label: 'Export…', run: () => actions.export(target) }];
  if (options.copyApiUrl) items.push({ label: 'Copy API URL', run: () => actions.copy(target, 'apiUrl') });
  items.push({ label: 'Copy Path', run: () => actions.copy(target, 'path') }, { label: 'Copy as cURL', run: () => actions.copy(target, 'curl') });
  // A class's source is its file: navigation goes to its first endpoint's method.
  const navigable = target.kind === 'endpoint' ? target.endpoint : target.kind === 'class' ? target.endpoints[0] : undefined;
  if (navigable) items.push({ label: 'Navigate to Source', run: () => actions.navigate(navigable) });
  // On a class or a module: every endpoint in it back to its source's defaults.
  items.push({ label: 'Reset to Default', run: () => (target.kind === 'endpoint' ? actions.reset(target.endpoint) : actions.resetAll(target.endpoints)) });
  return items;
}

export interface ContextMenuProps {
  items: readonly MenuItem[];
  /** Viewport coordinates of the pointer, or of the row for the keyboard. */
  x: number;
  y: number;
  label: string;
  onClose(): void;
  /** Where the focus goes back on close (the list the menu was opened from); default: what had it when the menu mounted. */
  returnFocus?: HTMLElement | null;
}

export function ContextMenu({ items, x, y, label, onClose, returnFocus }: ContextMenuProps) {
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState({ left: x, top: y });

  // Keep it on screen: flip left or up when the pointer is near the right or bottom edge.
  useLayoutEffect(() => {
    const el = box.current!;
    const { width, height } = el.getBoundingClientRect();
    setPlace({
      left: x + width > innerWidth ? Math.max(0, x - width) : x,
      top: y + height > innerHeight ? Math.max(0, y - height) : y,
    });
  }, [x, y]);

  // With the menu, not a frame later (see Dialog): a key pressed as it shows goes to it.
  useLayoutEffect(() => {
    const before = returnFocus ?? (document.activeElement as HTMLElement | null);
    box.current?.focus();
    const outside = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) onClose();
    };
    const blur = () => onClose();
    document.addEventListener('mousedown', outside, true);
    window.addEventListener('blur', blur);
    return () => {
      document.removeEventListener('mousedown', outside, true);
      window.removeEventListener('blur', blur);
      if (before?.isConnected) before.focus();
    };
  }, []);

  const choose = (item: MenuItem | undefined) => {
    if (!item) return;
    onClose();
    item.run();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const last = items.length - 1;
    const go = (i: number) => {
      e.preventDefault();
      setActive(i < 0 ? last : i > last ? 0 : i);
    };
    switch (e.key) {
      case 'ArrowDown':
        return go(active + 1);
      case 'ArrowUp':
        return go(active - 1);
      case 'Home':
        return go(0);
      case 'End':
        return go(last);
      case 'Enter':
      case ' ':
        e.preventDefault();
        return choose(items[active]);
      case 'Escape':
      case 'Tab':
        e.preventDefault();
        e.stopPropagation();
        return onClose();
      default:
        // A letter jumps to the next item starting with it, as native menus do.
        if (e.key.length === 1 && /\w/.test(e.key)) {
          const k = e.key.toLowerCase();
          for (let step = 1; step <= items.length; step++) {
            const i = (active + step) % items.length;
            if (items[i]!.label.toLowerCase().startsWith(k)) return go(i);
          }
        }
    }
  };

  return (
    <div
      ref={box}
      class="context-menu"
      role="menu"
      aria-label={label}
      tabIndex={-1}
      aria-activedescendant={`menu-item-${active}`}
      style={{ left: `${place.left}px`, top: `${place.top}px` }}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((item, i) => (
        <div
          key={item.label}
          id={`menu-item-${i}`}
          role="menuitem"
          class={`menu-item${i === active ? ' active' : ''}`}
          onMouseEnter={() => setActive(i)}
          onClick={() => choose(item)}
        >
          {item.label}
        </div>
      ))}
    </div>
  );
}
