// Per-endpoint request edits and the host histories (spec §2.2, §3), in `<project>/.apiscout/requests.json`.
// Saved edits come back on revisit until Reset to Default drops them. The file is personal, and the
// state folder's .gitignore keeps it out of version control; still, the credentials typed into a
// request are not in it but in the user folder (draft-secrets.ts), so no copy or archive of the
// project carries them.

import { join } from 'node:path';
import { ensureProjectStateDir, projectStateDir, projectUserFile, userConfigDir } from '../config/user-dir';
import { joinSecrets, splitSecrets, withoutPassword } from './draft-secrets';
import type { DraftSecrets } from './draft-secrets';
import type { GrpcRequestDraft, HttpRequestDraft, RequestDraft } from '../model/request-state';
import { readJsonFile, withFileLock, writeFileAtomic } from './json-file';
import type { Warn } from './json-file';

interface SavedRequest {
  savedAt: string;
  draft: RequestDraft;
  /**
   * The user changed the request (the editor's edits); false: saved by a Send of the request as it
   * came, which follows the source. Absent in files written before the flag: decided by comparison.
   */
  edited?: boolean;
}

/** HTTP hosts (`http://localhost:8080`) and gRPC targets (`localhost:9090`) are kept apart. */
export type HostKind = 'http' | 'grpc';

interface StateFile {
  version: 1;
  /** HTTP hosts, most recent first. */
  hosts: string[];
  /** gRPC targets, most recent first (absent in files written before gRPC calls). */
  grpcHosts?: string[];
  requests: Record<string, SavedRequest>;
}

/** The per-user half: the credentials moved out of each saved request. */
interface SecretsFile {
  project: string;
  requests: Record<string, DraftSecrets>;
}

export const HOST_HISTORY_LIMIT = 20;

export class RequestStateStore {
  readonly path: string;
  /** The per-user file of the credentials moved out of saved requests. */
  readonly secretsPath: string;
  private readonly projectDir: string;
  private readonly warn: Warn;

  /** `userDir`: the per-user folder (see userConfigDir); injected so tests never touch the real one. */
  constructor(options: { projectDir: string; userDir?: string; warn?: Warn }) {
    this.projectDir = options.projectDir;
    this.path = join(projectStateDir(options.projectDir), 'requests.json');
    this.secretsPath = projectUserFile(options.projectDir, options.userDir ?? userConfigDir(), 'requests.json');
    this.warn = options.warn ?? (() => {});
  }

  /** The saved edits of an endpoint, if any. */
  load(endpointId: string): HttpRequestDraft | undefined {
    const draft = this.loadDraft(endpointId);
    return draft && (draft as GrpcRequestDraft).protocol !== 'grpc' ? (draft as HttpRequestDraft) : undefined;
  }

  /** The saved edits of a gRPC endpoint, if any. */
  loadGrpc(endpointId: string): GrpcRequestDraft | undefined {
    const draft = this.loadDraft(endpointId);
    return (draft as GrpcRequestDraft | undefined)?.protocol === 'grpc' ? (draft as GrpcRequestDraft) : undefined;
  }

  private loadDraft(endpointId: string): RequestDraft | undefined {
    const stored = this.read().requests[endpointId]?.draft;
    return stored && joinSecrets(stored, this.readSecrets().requests[endpointId]);
  }

  /** Whether the saved request holds the user's edits; undefined when nothing is saved or the file predates the flag. */
  editedFlag(endpointId: string): boolean | undefined {
    const saved = this.read().requests[endpointId];
    return typeof saved?.edited === 'boolean' ? saved.edited : undefined;
  }

  /** Every endpoint id with saved edits. */
  editedEndpoints(): string[] {
    return Object.keys(this.read().requests);
  }

  /** `edited`: the user changed it (the editor's save); false for a Send of the request as it came. */
  async save(endpointId: string, draft: RequestDraft, edited = true): Promise<void> {
    if (!isDraft(draft)) throw new TypeError(`not a request draft for ${endpointId}`);
    // Every Send saves the editor's draft: an unchanged one costs no write (each write is fsynced).
    if (JSON.stringify(this.loadDraft(endpointId)) === JSON.stringify(draft) && this.editedFlag(endpointId) === edited) return;
    await this.update((state) => {
      state.requests[endpointId] = { savedAt: new Date().toISOString(), draft, edited };
    });
  }

  /** Reset to Default: forgets the edits (and their credentials); the caller rebuilds the request from a fresh scan. */
  async reset(endpointId: string): Promise<void> {
    if (!(endpointId in this.read().requests)) return;
    await this.update((state) => {
      delete state.requests[endpointId];
    });
  }

  /** Hosts of one kind used in this project, most recent first. */
  hosts(kind: HostKind = 'http'): string[] {
    const state = this.read();
    return (kind === 'grpc' ? state.grpcHosts : state.hosts) ?? [];
  }

  /** A host's password is not kept in the history (the request that used it keeps it, in the user folder). */
  async rememberHost(host: string, kind: HostKind = 'http'): Promise<void> {
    const h = withoutPassword(host.trim().replace(/\/+$/, ''));
    if (!h || this.hosts(kind)[0] === h) return;
    await this.update((state) => {
      const list = [h, ...((kind === 'grpc' ? state.grpcHosts : state.hosts) ?? []).filter((x) => x !== h)].slice(0, HOST_HISTORY_LIMIT);
      if (kind === 'grpc') state.grpcHosts = list;
      else state.hosts = list;
    });
  }

  private read(): StateFile {
    const file = readJsonFile(this.path, isStateFile, this.warn) ?? { version: 1, hosts: [], requests: {} };
    for (const [id, saved] of Object.entries(file.requests)) {
      if (!saved || typeof saved !== 'object' || !isDraft(saved.draft)) {
        this.warn(`${this.path}: the saved request of ${id} is damaged; using the default request`);
        delete file.requests[id];
      }
    }
    return file;
  }

  private readSecrets(): SecretsFile {
    return readJsonFile(this.secretsPath, isSecretsFile, this.warn) ?? { project: this.projectDir, requests: {} };
  }

  /**
   * `change` sees and sets whole drafts; what is written splits them. Every write also moves the
   * credentials of requests saved before they were kept apart, and forgets those of removed
   * requests. The user file is written first: a write cut short between the two leaves the
   * project file as it was, so nothing saved is lost.
   */
  private async update(change: (state: StateFile) => void): Promise<void> {
    ensureProjectStateDir(this.projectDir);
    await withFileLock(this.path, () => {
      const state = this.read();
      const kept = this.readSecrets();
      for (const [id, saved] of Object.entries(state.requests)) saved.draft = joinSecrets(saved.draft, kept.requests[id]);
      change(state);
      const secrets: SecretsFile = { project: this.projectDir, requests: {} };
      for (const [id, saved] of Object.entries(state.requests)) {
        const { stored, secrets: moved } = splitSecrets(saved.draft);
        saved.draft = stored;
        if (Object.keys(moved).length) secrets.requests[id] = moved;
      }
      if (JSON.stringify(secrets.requests) !== JSON.stringify(kept.requests)) {
        writeFileAtomic(this.secretsPath, `${JSON.stringify(secrets, null, 1)}\n`, { mode: 0o600 });
      }
      writeFileAtomic(this.path, `${JSON.stringify(state, null, 1)}\n`);
    });
  }

}

function isStateFile(data: unknown): data is StateFile {
  const d = data as StateFile;
  const strings = (v: unknown) => Array.isArray(v) && v.every((h) => typeof h === 'string');
  return !!d && typeof d === 'object' && strings(d.hosts) && (d.grpcHosts === undefined || strings(d.grpcHosts)) && !!d.requests && typeof d.requests === 'object' && !Array.isArray(d.requests);
}

function isSecretsFile(data: unknown): data is SecretsFile {
  const d = data as SecretsFile;
  return !!d && typeof d === 'object' && !!d.requests && typeof d.requests === 'object' && Object.values(d.requests).every((r) => !!r && typeof r === 'object' && Object.values(r).every((v) => typeof v === 'string'));
}

const isRows = (v: unknown): boolean => Array.isArray(v) && v.every((r) => !!r && typeof r.name === 'string' && typeof r.value === 'string');

export function isDraft(d: unknown): d is RequestDraft {
  if ((d as GrpcRequestDraft)?.protocol === 'grpc') return isGrpcDraft(d);
  const x = d as HttpRequestDraft;
  return (
    !!x &&
    typeof x === 'object' &&
    typeof x.method === 'string' &&
    typeof x.host === 'string' &&
    typeof x.path === 'string' &&
    isRows(x.pathParams) &&
    isRows(x.query) &&
    isRows(x.cookies) &&
    isRows(x.headers) &&
    isRows(x.form) &&
    ['none', 'json', 'text', 'urlencoded', 'multipart', 'file'].includes(x.bodyMode) &&
    typeof x.body === 'string' &&
    (x.bodyFile === undefined || typeof x.bodyFile === 'string')
  );
}

function isGrpcDraft(d: unknown): d is GrpcRequestDraft {
  const x = d as GrpcRequestDraft;
  return (
    typeof x.host === 'string' &&
    typeof x.service === 'string' &&
    typeof x.method === 'string' &&
    isRows(x.metadata) &&
    Array.isArray(x.messages) &&
    x.messages.every((m) => typeof m === 'string') &&
    (x.deadlineMs === undefined || (Number.isInteger(x.deadlineMs) && x.deadlineMs >= 0)) &&
    (x.tls === undefined || typeof x.tls === 'boolean')
  );
}
