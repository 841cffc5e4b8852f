// The on-disk shape of the endpoint list in the retained index: columns of numbers pointing
// into one table of distinct strings.
//
// Why not an array of endpoint objects: for 50,000 endpoints that JSON is ~33 MB (every key
// repeated, class names, modules and files repeated per endpoint, the address repeating method
// and path) and JSON.parse alone takes longer than the 200 ms load budget. This shape is about a
// third of the size and parses in well under it. Fields this codec does not know (a newer
// model, `consumes`, `produces`) are kept verbatim per endpoint in `extra`.

import type { Endpoint, SourceLocation } from '../model/endpoint';

export interface EncodedEndpoints {
  count: number;
  columns: string[];
  /** `count * columns.length` numbers: string-table indexes (-1 = absent) or plain numbers. */
  cells: number[];
  /** Endpoint position -> fields stored as they are. */
  extra: Record<string, Record<string, unknown>>;
}

// Column order is part of the format: decoding checks the stored list against it.
const STRING_COLUMNS = [
  'id',
  'protocol',
  'framework',
  'method',
  'path',
  'address',
  'name',
  'description',
  'folder',
  'className',
  'module',
  'source.file',
  'source.member',
  'streaming',
] as const;
const NUMBER_COLUMNS = ['source.line', 'source.column'] as const;
export const COLUMNS: readonly string[] = [...STRING_COLUMNS, ...NUMBER_COLUMNS];
/** String columns every endpoint has (all but `address` and `streaming`). */
const REQUIRED = STRING_COLUMNS.flatMap((c, i) => (c === 'address' || c === 'streaming' ? [] : [i]));

const TOP_LEVEL = new Set(['id', 'protocol', 'framework', 'method', 'path', 'address', 'name', 'description', 'folder', 'className', 'module', 'source', 'streaming']);
const SOURCE_KEYS = new Set(['file', 'line', 'column', 'member']);

export function encodeEndpoints(endpoints: readonly Endpoint[], strings: StringTable): EncodedEndpoints {
  const width = COLUMNS.length;
  const cells = new Array<number>(endpoints.length * width);
  const extra: Record<string, Record<string, unknown>> = {};
  endpoints.forEach((ep, i) => {
    const at = i * width;
    const values: (string | undefined)[] = [
      ep.id,
      ep.protocol,
      ep.framework,
      ep.method,
      ep.path,
      // The address is `METHOD /path` by definition; stored only if it ever differs.
      ep.address === `${ep.method} ${ep.path}` ? undefined : ep.address,
      ep.name,
      ep.description,
      ep.folder,
      ep.className,
      ep.module,
      ep.source.file,
      ep.source.member,
      ep.streaming,
    ];
    values.forEach((v, c) => (cells[at + c] = v === undefined ? -1 : strings.id(v)));
    cells[at + STRING_COLUMNS.length] = ep.source.line;
    cells[at + STRING_COLUMNS.length + 1] = ep.source.column;

    let more: Record<string, unknown> | null = null;
    for (const [key, value] of Object.entries(ep)) {
      if (!TOP_LEVEL.has(key) && value !== undefined) (more ??= {})[key] = value;
    }
    if (Object.keys(ep.source).some((k) => !SOURCE_KEYS.has(k))) (more ??= {}).source = ep.source;
    if (more) extra[i] = more;
  });
  return { count: endpoints.length, columns: [...COLUMNS], cells, extra };
}

/** Decodes, or returns a reason the data is not a valid encoding. */
export function decodeEndpoints(data: unknown, strings: unknown): Endpoint[] | string {
  if (!Array.isArray(strings) || !strings.every((s) => typeof s === 'string')) return 'has no string table';
  if (typeof data !== 'object' || data === null) return 'has no endpoints';
  const { count, columns, cells, extra } = data as Partial<EncodedEndpoints>;
  if (!Array.isArray(columns) || columns.join() !== COLUMNS.join()) return 'has endpoint columns this apiscout does not know';
  const width = COLUMNS.length;
  if (typeof count !== 'number' || !Array.isArray(cells) || cells.length !== count * width) return 'has a malformed endpoint table';
  if (typeof extra !== 'object' || extra === null) return 'has a malformed endpoint table';
  const table = strings as string[];
  const out = new Array<Endpoint>(count);
  const str = (at: number): string | undefined => {
    const v = cells[at];
    return typeof v === 'number' && v >= 0 && v < table.length ? table[v] : undefined;
  };
  for (let i = 0; i < count; i++) {
    const at = i * width;
    const method = str(at + 3);
    const path = str(at + 4);
    for (const c of REQUIRED) {
      if (str(at + c) === undefined) return `has a malformed endpoint at position ${i} (${COLUMNS[c]})`;
    }
    const line = cells[at + STRING_COLUMNS.length];
    const column = cells[at + STRING_COLUMNS.length + 1];
    if (typeof line !== 'number' || typeof column !== 'number') return `has a malformed endpoint at position ${i} (source.line)`;
    const source: SourceLocation = { file: str(at + 11)!, line, column, member: str(at + 12)! };
    const ep: Endpoint = {
      id: str(at)!,
      protocol: str(at + 1) as Endpoint['protocol'],
      framework: str(at + 2) as Endpoint['framework'],
      method: method!,
      path: path!,
      address: str(at + 5) ?? `${method} ${path}`,
      name: str(at + 6)!,
      description: str(at + 7)!,
      folder: str(at + 8)!,
      className: str(at + 9)!,
      module: str(at + 10)!,
      source,
    };
    const streaming = str(at + 13);
    if (streaming !== undefined) ep.streaming = streaming as Endpoint['streaming'];
    const more = (extra as Record<string, unknown>)[i];
    if (more !== undefined) {
      if (typeof more !== 'object' || more === null) return `has a malformed endpoint at position ${i} (extra)`;
      Object.assign(ep, more);
    }
    out[i] = ep;
  }
  return out;
}

/** Distinct strings, each stored once; cells refer to them by position. */
export class StringTable {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();

  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.ids.set(s, id);
      this.strings.push(s);
    }
    return id;
  }
}
