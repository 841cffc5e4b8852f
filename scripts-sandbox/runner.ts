// Runs request scripts in isolated-vm: one V8 isolate with a memory limit, a fresh context for every
// run, a time limit per run. A script reaches nothing but the API of prelude.ts: no require, no
// process, no file system, network or timers. A run that throws, times out or exhausts memory
// fails alone with a ScriptError naming the script and line; its request changes and localStorage
// writes are dropped, and the next run starts in a new context (a new isolate after a limit hit).

import type ivm from 'isolated-vm';
import { lazyRequire } from '../core/lazy-require';
import { ScriptError } from '../core/errors';
import { decoderFor } from '../core/call/response';
import { bodyBytes, bodySize, checkRequest, headerValue, responseIsText } from './exchange';
import type { BodySource, ScriptRequest, ScriptResponse } from './exchange';
import { GROOVY_RUNTIME, translateGroovy } from './groovy';
import { PRELUDE, RUN_FUNCTION } from './prelude';
import type { ScriptSource } from './script-source';

/** Loaded when the first script runs: most sessions never run one. */
const isolatedVm = lazyRequire<typeof ivm>('isolated-vm');

export interface ScriptLimits {
  /** Wall-clock time one run may take. */
  timeoutMs: number;
  /** Heap of the isolate, in MB (isolated-vm's minimum is 8). */
  memoryLimitMb: number;
}

export const DEFAULT_LIMITS: ScriptLimits = { timeoutMs: 5_000, memoryLimitMb: 64 };

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ScriptLogLine {
  level: LogLevel;
  text: string;
  /** The script that wrote it. */
  script: string;
}

export type StorageOp = { op: 'set'; key: string; value: unknown } | { op: 'remove'; key: string };

/** Where localStorage lives; core/store/local-storage.ts is the on-disk one. */
export interface ScriptStorage {
  read(): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Applies one successful run's writes, in order. */
  apply(ops: StorageOp[]): void | Promise<void>;
}

/** Writes `response.saveBody(path)`: resolves the path, refuses what it must, returns where it wrote. */
export type SaveBody = (path: string, body: Uint8Array | BodySource) => string;

export interface RunEnvironment {
  storage: ScriptStorage;
  /** Absent: saveBody fails with a message saying saving is not available here. */
  saveBody?: SaveBody;
}

export interface BeforeResult {
  request: ScriptRequest;
  logs: ScriptLogLine[];
}

export interface AfterResult {
  logs: ScriptLogLine[];
  /** Files written by response.saveBody. */
  saved: string[];
}

/** Caps on what one run may log, so a chatty loop cannot flood the response panel. */
const MAX_LOG_LINES = 1_000;
const MAX_LOG_CHARS = 256 * 1024;
const LEVELS = new Set<LogLevel>(['debug', 'info', 'warn', 'error']);
/** The largest body response.body()/bytes() hand to a script; a larger one stays on disk. */
export const MAX_SCRIPT_BODY_BYTES = 16 * 1024 * 1024;
/** A message a script produced (a thrown string, an error text) is cut to this many characters. */
const MAX_MESSAGE_CHARS = 4_096;
/** Saves of a spilled body one run may ask for (each a full copy, made after the run). */
const MAX_DEFERRED_SAVES = 16;
/** After the deadline disposed the isolate, how long a run may take to notice before it is abandoned. */
const ABANDON_AFTER_MS = 2_000;

interface RunState {
  timedOut: boolean;
  /** dispose() was called while the run was going: the caller no longer wants it. */
  cancelled?: boolean;
}

interface RunInput {
  phase: 'before' | 'after';
  request: ScriptRequest;
  response?: ScriptResponse;
}

export class ScriptRunner {
  readonly limits: ScriptLimits;
  private isolate: ivm.Isolate | undefined;
  private prelude: ivm.Script | undefined;
  private groovyRuntime: ivm.Script | undefined;
  /** Compiled scripts by language and code: the same hooks run on every call. */
  private compiled = new Map<string, ivm.Script>();
  /** The run going on, so dispose() can say it was cancelled. */
  private current: RunState | undefined;

  constructor(limits: Partial<ScriptLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    if (!(this.limits.memoryLimitMb >= 8)) throw new RangeError(`the script memory limit must be at least 8 MB, got ${this.limits.memoryLimitMb}`);
    if (!(this.limits.timeoutMs > 0)) throw new RangeError(`the script time limit must be positive, got ${this.limits.timeoutMs}`);
  }

  /** Runs a before-script on a copy of `request` and returns the request to send. */
  async runBefore(script: ScriptSource, request: ScriptRequest, env: RunEnvironment): Promise<BeforeResult> {
    const { request: changed, logs } = await this.run(script, { phase: 'before', request }, env);
    return { request: changed, logs };
  }

  /** Runs an after-script; `request` is the request as sent (read-only in the script). */
  async runAfter(script: ScriptSource, request: ScriptRequest, response: ScriptResponse, env: RunEnvironment): Promise<AfterResult> {
    const { logs, saved } = await this.run(script, { phase: 'after', request, response }, env);
    return { logs, saved };
  }

  /** Translates (groovy) and compiles a script without running it; throws the ScriptError a run would. */
  check(script: ScriptSource): void {
    const fail = (message: string, line?: number): ScriptError => new ScriptError(`${script.name}${line ? `, line ${line}` : ''}: ${message}`, script.name, line);
    const code = script.language === 'groovy' ? translateGroovy(script.code, script.name) : script.code;
    this.compile(this.ensureIsolate(), script, code, fail);
  }

  /** Ends the run going on, if any (it fails as "cancelled"), and frees the isolate. */
  dispose(): void {
    if (this.current) this.current.cancelled = true;
    this.reset();
  }

  private async run(script: ScriptSource, input: RunInput, env: RunEnvironment): Promise<{ request: ScriptRequest; logs: ScriptLogLine[]; saved: string[] }> {
    const logs: ScriptLogLine[] = [];
    const saved: string[] = [];
    const fail = (message: string, line?: number, cause?: unknown): ScriptError =>
      new ScriptError(`${script.name}${line ? `, line ${line}` : ''}: ${clip(message)}`, script.name, line, { cause, logs });

    const code = script.language === 'groovy' ? translateGroovy(script.code, script.name) : script.code;
    const isolate = this.ensureIsolate();
    this.compile(isolate, script, code, fail);
    const storage = await env.storage.read();
    const context = await isolate.createContext();
    // The wall-clock limit is kept by the host: isolated-vm's own timeout does not count the time
    // spent in host callbacks, so a loop of logger calls would outlive it. At the deadline the
    // isolate is disposed, which stops whatever it is doing; a run that still does not settle is
    // abandoned a moment later.
    const run = { timedOut: false };
    this.current = run;
    let abandon: ((e: Error) => void) | undefined;
    const abandoned = new Promise<never>((_, reject) => (abandon = reject));
    let later: NodeJS.Timeout | undefined;
    let timer: NodeJS.Timeout | undefined;
    /** Starts the clock once the API is in place: the limit is the user's code's. */
    const startClock = (): number => {
      timer = setTimeout(() => {
        run.timedOut = true;
        if (!isolate.isDisposed) isolate.dispose();
        later = setTimeout(() => abandon!(new Error('Script execution timed out.')), ABANDON_AFTER_MS);
      }, this.limits.timeoutMs + 20);
      return this.limits.timeoutMs;
    };
    try {
      const response = input.response;
      const isText = response ? responseIsText(response) : false;
      let logChars = 0;
      const jail = context.global;
      await jail.set(
        '$in',
        new (isolatedVm().ExternalCopy)({
          phase: input.phase,
          request: input.request,
          response: response && { status: response.status, headers: response.headers, size: bodySize(response.body), isText },
          storage,
        }).copyInto({ release: true }),
      );
      await jail.set(
        '$log',
        new (isolatedVm().Callback)((level: unknown, text: unknown) => {
          // Measured here on what arrived, never on lengths the script computed.
          if (typeof text !== 'string' || !LEVELS.has(level as LogLevel)) return;
          if (logs.length >= MAX_LOG_LINES || logChars >= MAX_LOG_CHARS) return;
          const kept = text.length + logChars > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS - logChars)}… (log limit reached)` : text;
          logChars += kept.length;
          logs.push({ level: level as LogLevel, text: kept, script: script.name });
        }),
      );
      const body = response?.body ?? new Uint8Array();
      const pendingSaves: string[] = [];
      const contentType = response && headerValue(response.headers, 'content-type');
      const loadable = (what: string): void => {
        const size = bodySize(body);
        if (size > MAX_SCRIPT_BODY_BYTES) {
          throw new Error(`${what}: the body is ${formatBytes(size)}, more than the ${formatBytes(MAX_SCRIPT_BODY_BYTES)} a script may load; response.saveBody(path) writes it to a file`);
        }
      };
      await jail.set(
        '$text',
        new (isolatedVm().Callback)(() => {
          loadable('response.body()');
          return decoderFor(contentType).decode(bodyBytes(body));
        }),
      );
      await jail.set(
        '$bytes',
        new (isolatedVm().Callback)(() => {
          loadable('response.bytes()');
          return bodyBytes(body).slice().buffer;
        }),
      );
      await jail.set(
        '$save',
        new (isolatedVm().Callback)((path: unknown) => {
          if (!env.saveBody) throw new Error('response.saveBody is not available here');
          if (typeof path !== 'string') throw new TypeError('response.saveBody(path): the path must be a string');
          if (bodySize(body) === 0) return false;
          if (!(body instanceof Uint8Array) && body.file) {
            // A spilled body is copied once the script has ended: a copy of a gigabyte must not
            // count against (or be cut by) the script's time limit.
            if (pendingSaves.length >= MAX_DEFERRED_SAVES) throw new Error(`response.saveBody: at most ${MAX_DEFERRED_SAVES} saves of a large body per run`);
            pendingSaves.push(path);
            return true;
          }
          saved.push(env.saveBody(path, body));
          return true;
        }),
      );
      const steps = async (): Promise<string> => {
        await this.prelude!.run(context, { timeout: this.limits.timeoutMs });
        if (script.language === 'groovy') await this.groovyRuntime!.run(context, { timeout: this.limits.timeoutMs });
        return (await context.evalClosure(`return ${RUN_FUNCTION}($0)`, [`${code}\n//# sourceURL=${evalName(script)}`], {
          timeout: startClock(),
          arguments: { copy: true },
          result: { copy: true },
        })) as string;
      };
      const outcome = readOutcome(await Promise.race([steps(), abandoned]));
      if (outcome.thrown === 'value') throw fail(`threw ${outcome.text}`);
      if (outcome.thrown === 'error') {
        const where = locate(`${outcome.message}\n${outcome.stack}`, evalName(script));
        const text = outcome.message.replace(/\s*\[[^\]]*:\d+:\d+\]$/, '');
        throw fail(`${outcome.name && outcome.name !== 'Error' ? `${outcome.name}: ` : ''}${text}`, where);
      }
      for (const path of pendingSaves) {
        try {
          saved.push(env.saveBody!(path, body));
        } catch (e) {
          throw fail((e as Error).message, undefined, e);
        }
      }
      const request = input.phase === 'before' ? checkRequest(outcome.request) : input.request;
      const ops = checkOps(outcome.ops);
      if (ops.length) await env.storage.apply(ops);
      return { request, logs, saved };
    } catch (e) {
      if (e instanceof ScriptError) throw e;
      throw this.explain(e, run, fail);
    } finally {
      clearTimeout(timer);
      clearTimeout(later);
      if (this.current === run) this.current = undefined;
      if (!isolate.isDisposed) context.release();
    }
  }

  private explain(e: unknown, run: RunState, fail: (message: string, line?: number, cause?: unknown) => ScriptError): ScriptError {
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : describeThrown(e);
    if (run.cancelled) {
      this.reset();
      return fail('cancelled', undefined, e);
    }
    if (/disposed during execution due to memory limit/.test(message) || (!run.timedOut && this.isolate?.isDisposed)) {
      this.reset();
      return fail(`ran out of memory (limit ${this.limits.memoryLimitMb} MB)`, undefined, e);
    }
    if (run.timedOut || /Script execution timed out/.test(message)) {
      // Whatever the loop left behind is not worth keeping: start the next run on a clean heap.
      this.reset();
      return fail(`did not finish within ${this.limits.timeoutMs} ms (an endless loop?)`, undefined, e);
    }
    return fail(message, undefined, e);
  }

  private ensureIsolate(): ivm.Isolate {
    if (this.isolate && !this.isolate.isDisposed) return this.isolate;
    this.reset();
    const isolate = new (isolatedVm().Isolate)({ memoryLimit: this.limits.memoryLimitMb });
    this.prelude = isolate.compileScriptSync(PRELUDE, { filename: 'apiscout:prelude' });
    this.groovyRuntime = isolate.compileScriptSync(GROOVY_RUNTIME, { filename: 'apiscout:groovy-runtime' });
    this.isolate = isolate;
    return isolate;
  }

  private compile(isolate: ivm.Isolate, script: ScriptSource, code: string, fail: (message: string, line?: number) => ScriptError): ivm.Script {
    const key = `${script.language}\0${script.name}\0${code}`;
    const cached = this.compiled.get(key);
    if (cached) return cached;
    let compiled: ivm.Script;
    try {
      compiled = isolate.compileScriptSync(code, { filename: fileName(script) });
    } catch (e) {
      const err = e as Error;
      const line = locate(err, fileName(script));
      throw fail(`${err.name}: ${err.message.replace(/\s*\[[^\]]*:\d+:\d+\]$/, '')}${script.language === 'groovy' ? ' (in the JavaScript the groovy script translates to)' : ''}`, line);
    }
    if (this.compiled.size > 256) this.compiled.clear();
    this.compiled.set(key, compiled);
    return compiled;
  }

  private reset(): void {
    for (const s of this.compiled.values()) s.release();
    this.compiled.clear();
    this.prelude = undefined;
    this.groovyRuntime = undefined;
    if (this.isolate && !this.isolate.isDisposed) this.isolate.dispose();
    this.isolate = undefined;
  }
}

/** The name V8 puts in stack traces: unique to user scripts, so prelude frames never match. */
function fileName(script: ScriptSource): string {
  return `script:${script.name}`;
}

/** The same name as a `//# sourceURL`, which ends at the first blank. */
function evalName(script: ScriptSource): string {
  return fileName(script).replace(/\s/g, '%20');
}

/** The first line of the user's script in an error's stack or (for syntax errors) message. */
function locate(e: Error | string, file: string): number | undefined {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}:(\\d+):\\d+`).exec(typeof e === 'string' ? e : `${e.message}\n${e.stack ?? ''}`);
  return m ? Number(m[1]) : undefined;
}

/** A script's text cut to a size a log line or an error reply can carry. */
function clip(text: string): string {
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}… (${text.length - MAX_MESSAGE_CHARS} more characters)` : text;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 * 1024 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${(n / 1024 ** 2).toFixed(1)} MB`;
}

type Outcome =
  | { thrown: ''; request: unknown; ops: unknown }
  | { thrown: 'value'; text: string }
  | { thrown: 'error'; name: string; message: string; stack: string };

/** The JSON text the prelude's run function returned, checked field by field. */
function readOutcome(text: unknown): Outcome {
  if (typeof text !== 'string') throw new TypeError('the script run returned no outcome');
  const o = JSON.parse(text) as Record<string, unknown>;
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  if (o?.thrown === 'value') return { thrown: 'value', text: str(o.text) };
  if (o?.thrown === 'error') return { thrown: 'error', name: str(o.name), message: str(o.message), stack: str(o.stack) };
  return { thrown: '', request: o?.request, ops: o?.ops };
}

function describeThrown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function checkOps(ops: unknown): StorageOp[] {
  if (!Array.isArray(ops)) throw new TypeError('the script left no localStorage changes');
  return ops.map((o: StorageOp) => {
    if (!o || typeof o.key !== 'string' || (o.op !== 'set' && o.op !== 'remove')) throw new TypeError('malformed localStorage change');
    return o.op === 'set' ? { op: 'set', key: o.key, value: o.value } : { op: 'remove', key: o.key };
  });
}
