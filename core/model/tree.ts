// The explorer's tree (spec §1.2): endpoints grouped by module, then by class, in scan order.
// The CLI prints it and the bridge sends it; both take the grouping from here.

import type { Endpoint } from './endpoint';

export interface TreeClass<E> {
  className: string;
  /** The class name without its package, as the tree shows it. */
  simpleName: string;
  endpoints: E[];
}

export interface TreeModule<E> {
  module: string;
  classes: TreeClass<E>[];
}

export function buildTree<E extends Pick<Endpoint, 'module' | 'className'>>(endpoints: readonly E[]): TreeModule<E>[] {
  const modules = new Map<string, Map<string, E[]>>();
  for (const e of endpoints) {
    let classes = modules.get(e.module);
    if (!classes) modules.set(e.module, (classes = new Map()));
    const list = classes.get(e.className);
    if (list) list.push(e);
    else classes.set(e.className, [e]);
  }
  return [...modules].map(([module, classes]) => ({
    module,
    classes: [...classes].map(([className, list]) => ({ className, simpleName: className.slice(className.lastIndexOf('.') + 1), endpoints: list })),
  }));
}
