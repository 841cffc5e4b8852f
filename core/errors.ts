// Errors that carry what a front end needs to report them well: the CLI maps them to exit
// codes and the bridge to JSON-RPC error codes, each in one table.

/** Bad input from the user: a missing directory, an unreadable file, a malformed option. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    message: string,
    /** The input at fault: a path, an option, a value. */
    readonly input: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A request script (http.call.before/after, a pre-request script) failed: it threw, ran out of
 * time or memory, or is not valid in its language. The run it belonged to fails; the request and
 * the saved state are left as they were.
 */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
  constructor(
    message: string,
    /** The script's name, e.g. `http.call.after (.apiscout/config.properties)`. */
    readonly script: string,
    /** 1-based line in the script, when known. */
    readonly line?: number,
    options?: { cause?: unknown; logs?: readonly { level: string; text: string }[] },
  ) {
    super(message, options);
    this.logs = options?.logs ?? [];
  }
  /** What the script logged before it failed. */
  readonly logs: readonly { level: string; text: string }[];
}

/**
 * A remote service (the Postman API) refused or failed a request. Nothing local was changed.
 * The message never contains the credentials used.
 */
export class SyncError extends Error {
  override readonly name = 'SyncError';
  constructor(
    message: string,
    /** The HTTP status, when the service answered. */
    readonly status?: number,
    /** For 429: how long the service asks to wait, in seconds. */
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Why a request got no response. */
export type CallFailure = 'timeout' | 'connect-timeout' | 'cancelled' | 'refused' | 'dns' | 'tls' | 'proxy' | 'too-many-redirects' | 'network';

/** A request that was sent (or tried) but produced no HTTP response. */
export class CallError extends Error {
  override readonly name = 'CallError';
  constructor(
    message: string,
    readonly kind: CallFailure,
    /** The URL being requested when it failed. */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Why a request was not sent at all (spec §7): the settings page the user should open. */
export type Refusal = 'grpc-disabled' | 'grpc-runtime-missing';

/** A send refused before anything left: says what is missing and where to fix it. */
export class CallRefused extends Error {
  override readonly name = 'CallRefused';
  constructor(
    message: string,
    readonly code: Refusal,
    /** What is missing, one line each (a setting, a proto import and the file wanting it, ...). */
    readonly missing: string[],
    /** The settings page that fixes it. */
    readonly settings = 'grpc',
  ) {
    super(message);
  }
}

const FS_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOTDIR: 'a parent is not a directory',
  EISDIR: 'it is a directory',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  EBUSY: 'the file is busy',
};

/**
 * Why a file operation failed, in words: never a raw errno or the temp file a write went through.
 * `EEXIST` from creating a folder means a file is in the way.
 */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EEXIST' && (e as NodeJS.ErrnoException).syscall === 'mkdir') return 'a parent is not a directory';
  // /proc and the like: the parent exists but takes no new folders.
  if (code === 'ENOENT' && (e as NodeJS.ErrnoException).syscall === 'mkdir') return 'no folder can be created there';
  if (code && FS_REASONS[code]) return FS_REASONS[code];
  return ((e as Error | undefined)?.message ?? String(e)).replace(/^[A-Z]+: /, '').replace(/, \w+ '[^']*'$/, '');
}
