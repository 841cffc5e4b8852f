// Runs request scripts in isolated-vm: one V8 isolate with a memory limit, a fresh context for every
// run, a time limit per run. A script reaches nothing but the API of prelude.ts: no require, no
// process, no file system, network or timers. A run that throws, times out or exhausts memory
// fails alone with a ScriptError naming the script and line; its request changes and localStorage
// writes are dropped, and the next run starts in a new context (a new isolate after a limit hit).

import type ivm from 'isolated-vm';
import { lazyRequire } from '../core/lazy-require';
import { ScriptError } from '../core/errors';
import { bodyBytes, bodySize, checkRequest, decoderFor, headerValue, responseIsText } from './exchange';
import type { BodySource, ScriptRequest, ScriptResponse } from './exchange';
import { GROOVY_RUNTIME, translateGroovy } from './groovy';
import { PRELUDE, RESULT_FUNCTION } from './prelude';
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

  dispose(): void {
    this.reset();
  }

  private async run(script: ScriptSource, input: RunInput, env: RunEnvironment): Promise<{ request: ScriptRequest; logs: ScriptLogLine[]; saved: string[] }> {
    const logs: ScriptLogLine[] = [];
    const saved: string[] = [];
    const fail = (message: string, line?: number, cause?: unknown): ScriptError =>
      new ScriptError(`${script.name}${line ? `, line ${line}` : ''}: ${message}`, script.name, line, { cause, logs });

    const code = script.language === 'groovy' ? translateGroovy(script.code, script.name) : script.code;
    const isolate = this.ensureIsolate();
    const compiled = this.compile(isolate, script, code, fail);
    const storage = await env.storage.read();
    const context = await isolate.createContext();
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
        new (isolatedVm().Callback)((level: LogLevel, text: string) => {
          if (logs.length >= MAX_LOG_LINES || logChars >= MAX_LOG_CHARS) return;
          const kept = text.length + logChars > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS - logChars)}… (log limit reached)` : text;
          logChars += kept.length;
          logs.push({ level, text: kept, script: script.name });
        }),
      );
      const body = response?.body ?? new Uint8Array();
      const contentType = response && headerValue(response.headers, 'content-type');
      await jail.set('$text', new (isolatedVm().Callback)(() => decoderFor(contentType).decode(bodyBytes(body))));
      await jail.set('$bytes', new (isolatedVm().Callback)(() => bodyBytes(body).slice().buffer));
      await jail.set(
        '$save',
        new (isolatedVm().Callback)((path: string) => {
          if (!env.saveBody) throw new Error('response.saveBody is not available here');
          if (bodySize(body) === 0) return false;
          saved.push(env.saveBody(path, body));
          return true;
        }),
      );
      await this.prelude!.run(context, { timeout: this.limits.timeoutMs });
      if (script.language === 'groovy') await this.groovyRuntime!.run(context, { timeout: this.limits.timeoutMs });
      await compiled.run(context, { timeout: this.limits.timeoutMs });
      const result = (await context.evalClosure(`return ${RESULT_FUNCTION}()`, [], { timeout: this.limits.timeoutMs, result: { copy: true } })) as {
        request: unknown;
        ops: StorageOp[];
      };
      const request = input.phase === 'before' ? checkRequest(result.request) : input.request;
      const ops = checkOps(result.ops);
      if (ops.length) await env.storage.apply(ops);
      return { request, logs, saved };
    } catch (e) {
      if (e instanceof ScriptError) throw e;
      throw this.explain(e, script, fail);
    } finally {
      context.release();
    }
  }

  private explain(e: unknown, script: ScriptSource, fail: (message: string, line?: number, cause?: unknown) => ScriptError): ScriptError {
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : describeThrown(e);
    if (this.isolate?.isDisposed || /disposed during execution due to memory limit/.test(message)) {
      this.reset();
      return fail(`ran out of memory (limit ${this.limits.memoryLimitMb} MB)`, undefined, e);
    }
    if (/Script execution timed out/.test(message)) {
      // Whatever the loop left behind is not worth keeping: start the next run on a clean heap.
      this.reset();
      return fail(`did not finish within ${this.limits.timeoutMs} ms (an endless loop?)`, undefined, e);
    }
    if (!(e instanceof Error)) return fail(`threw ${message}`, undefined, e);
    const where = locate(e, fileName(script));
    const text = e.message.replace(/\s*\[[^\]]*:\d+:\d+\]$/, '');
    return fail(`${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${text}`, where, e);
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

/** The first line of the user's script in an error's stack or (for syntax errors) message. */
function locate(e: Error, file: string): number | undefined {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}:(\\d+):\\d+`).exec(`${e.message}\n${e.stack ?? ''}`);
  return m ? Number(m[1]) : undefined;
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
