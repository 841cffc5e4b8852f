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
  mentions?: readonly string[];
}

/** The sets as plain lists: what a parse worker is sent to apply the same tests to the files it reads. */
export interface MarkerData {
  markers: string[];
  kept: string[];
  global: string[];
  globalSupers: string[];
  superNames: string[];
  superSuffixes: string[];
  mentions: string[];
}

export class FrameworkMarkers {
  /** Any framework's `markers()`: a file using one holds endpoints. */
  private readonly markers: Set<string>;
  /** `metaMarkers()` and `globalMarkers()`: a file using one is kept as text for a likely parse. */
  private readonly kept: Set<string>;
  private readonly global: Set<string>;
  private readonly globalSupers: Set<string>;
  /** `superMarkers()`: supertype names, whole or by their ending, that make a candidate. */
  private readonly superNames: Set<string>;
  private readonly superSuffixes: string[];
  /** `mentionMarkers()`: library names in the code (FileEntry.mentions) that make a candidate. */
  private readonly mentions: Set<string>;

  constructor(frameworks: readonly FrameworkScanner[] | MarkerData) {
    const d = Array.isArray(frameworks) ? gather(frameworks) : (frameworks as MarkerData);
    this.markers = new Set(d.markers);
    this.kept = new Set(d.kept);
    this.global = new Set(d.global);
    this.globalSupers = new Set(d.globalSupers);
    this.superNames = new Set(d.superNames);
    this.superSuffixes = d.superSuffixes;
    this.mentions = new Set(d.mentions);
  }

  data(): MarkerData {
    const { markers, kept, global, globalSupers, superNames, superSuffixes, mentions } = this;
    return { markers: [...markers], kept: [...kept], global: [...global], globalSupers: [...globalSupers], superNames: [...superNames], superSuffixes: [...superSuffixes], mentions: [...mentions] };
  }

  /** Uses a marker, names a supertype that marks (a gRPC ImplBase) or mentions a marking library name (RouterFunction): the file may hold endpoints. */
  isCandidate(e: Header): boolean {
    return hasAny(e.annotations, this.markers) || e.supers.some((s) => this.marksAsSuper(s)) || (e.mentions?.some((m) => this.mentions.has(m)) ?? false);
  }

  /** A candidate, or a file using an annotation that teaches frameworks or changes results project-wide. */
  isInteresting(e: Header): boolean {
    return this.isCandidate(e) || hasAny(e.annotations, this.kept);
  }

  private marksAsSuper(name: string): boolean {
    return this.superNames.has(name) || this.superSuffixes.some((x) => name.endsWith(x));
  }

  usesGlobalMarker(e: Header): boolean {
    return hasAny(e.annotations, this.global);
  }

  extendsGlobalSuper(e: Header): boolean {
    return e.supers.some((s) => this.globalSupers.has(s));
  }
}

function gather(frameworks: readonly FrameworkScanner[]): MarkerData {
  const d: MarkerData = { markers: [], kept: [], global: [], globalSupers: [], superNames: [], superSuffixes: [], mentions: [] };
  for (const fw of frameworks) {
    d.markers.push(...fw.markers());
    d.kept.push(...fw.metaMarkers());
    for (const m of fw.globalMarkers?.() ?? []) {
      d.kept.push(m);
      d.global.push(m);
    }
    d.globalSupers.push(...(fw.globalSupers?.() ?? []));
    const supers = fw.superMarkers?.();
    d.superNames.push(...(supers?.names ?? []));
    d.superSuffixes.push(...(supers?.suffixes ?? []));
    d.mentions.push(...(fw.mentionMarkers?.() ?? []));
  }
  return d;
}

function hasAny(names: ReadonlySet<string>, wanted: ReadonlySet<string>): boolean {
  if (names.size === 0 || wanted.size === 0) return false;
  for (const n of names) if (wanted.has(n)) return true;
  return false;
}
