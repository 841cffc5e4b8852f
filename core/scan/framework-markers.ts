// The frameworks' marker names gathered into sets, for the tests every file of the tree goes
// through (is it a candidate, worth keeping as text, global?). Asking each framework for its
// markers per file allocated an iterator and an array per file and framework; a file's few
// annotations are looked up in these sets instead. A snapshot: built again whenever the
// frameworks are new or have learned annotations (their markers grow then).

import type { FrameworkScanner } from './frameworks/framework';

/** The header facts the tests read (project-index.ts FileEntry). */
interface Header {
  annotations: ReadonlySet<string>;
  supers: readonly string[];
}

export class FrameworkMarkers {
  /** Any framework's `markers()`: a file using one holds endpoints. */
  private readonly markers = new Set<string>();
  /** `metaMarkers()` and `globalMarkers()`: a file using one is kept as text for a likely parse. */
  private readonly kept = new Set<string>();
  private readonly global = new Set<string>();
  private readonly globalSupers = new Set<string>();
  private readonly superMarkers: Array<(name: string) => boolean> = [];

  constructor(frameworks: readonly FrameworkScanner[]) {
    for (const fw of frameworks) {
      for (const m of fw.markers()) this.markers.add(m);
      for (const m of fw.metaMarkers()) this.kept.add(m);
      for (const m of fw.globalMarkers?.() ?? []) {
        this.kept.add(m);
        this.global.add(m);
      }
      for (const s of fw.globalSupers?.() ?? []) this.globalSupers.add(s);
      if (fw.superMarker) this.superMarkers.push(fw.superMarker);
    }
  }

  /** Uses a marker, or names a supertype that marks (a gRPC ImplBase): the file may hold endpoints. */
  isCandidate(e: Header): boolean {
    return hasAny(e.annotations, this.markers) || (this.superMarkers.length > 0 && e.supers.some((s) => this.superMarkers.some((m) => m(s))));
  }

  /** A candidate, or a file using an annotation that teaches frameworks or changes results project-wide. */
  isInteresting(e: Header): boolean {
    return this.isCandidate(e) || hasAny(e.annotations, this.kept);
  }

  usesGlobalMarker(e: Header): boolean {
    return hasAny(e.annotations, this.global);
  }

  extendsGlobalSuper(e: Header): boolean {
    return e.supers.some((s) => this.globalSupers.has(s));
  }
}

function hasAny(names: ReadonlySet<string>, wanted: ReadonlySet<string>): boolean {
  if (names.size === 0 || wanted.size === 0) return false;
  for (const n of names) if (wanted.has(n)) return true;
  return false;
}
