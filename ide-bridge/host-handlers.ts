// Requests a UI makes of the IDE host: open the editor, use the clipboard, open settings, show a
// notification, choose a file. The sidecar relays each as a notification to the host's
// connection, or as a request where an answer is needed (the chosen file); without a host (a
// plain browser) `delivered` is false and the UI does what a browser can (source view,
// navigator.clipboard, its own settings page, a typed path). The chooser's wait has a limit
// and ends early when the page cancels, closes (server.ts) or asks again (CHOOSER_LIMIT_MS).

import { isAbsolute, relative, sep } from 'node:path';
import { CancellationTokenSource, ErrorCodes as RpcErrors } from 'vscode-jsonrpc/node';
import { BridgeError, REQUEST_CANCELLED } from './bridge-error';
import type { Cancellation, HandlerKit, Handlers } from './handlers';

type Methods = 'host/navigate' | 'host/copy' | 'host/openSettings' | 'host/notify' | 'host/chooseFile';

/**
 * How long a page waits for the IDE's file chooser. It is a modal dialog a user may leave open
 * for minutes, so the limit is long: it only frees a page whose IDE will never answer (a plugin
 * stuck or too old to know the request). APISCOUT_CHOOSER_LIMIT_MS changes it (tests).
 */
const CHOOSER_LIMIT_MS = Number(process.env.APISCOUT_CHOOSER_LIMIT_MS) || 10 * 60_000;

/** One page's wait for the IDE's chooser: cancelled by the page (or its closing), by a newer ask, or by the limit. */
class ChooserWait {
  private readonly source = new CancellationTokenSource();
  private readonly timer: NodeJS.Timeout;
  private readonly sub: { dispose(): void };
  ended: 'page' | 'superseded' | 'limit' | null = null;

  constructor(page: Cancellation) {
    // Unref'd: a wait the IDE never answers must not keep a stopping sidecar alive.
    this.timer = setTimeout(() => this.end('limit'), CHOOSER_LIMIT_MS).unref();
    this.sub = page.onCancellationRequested(() => this.end('page'));
    if (page.isCancellationRequested) this.end('page');
  }

  get token(): Cancellation {
    return this.source.token;
  }

  supersede(): void {
    this.end('superseded');
  }

  private end(why: 'page' | 'superseded' | 'limit'): void {
    if (this.ended) return;
    this.ended = why;
    this.source.cancel();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.sub.dispose();
    this.source.dispose();
  }
}

function duration(ms: number): string {
  const [n, unit] = ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.max(1, Math.round(ms / 1000)), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export function hostHandlers({ ctx, session, endpoint }: HandlerKit): Pick<Handlers, Methods> {
  let chooser: ChooserWait | null = null;
  return {
    'host/navigate': ({ project, id }) => {
      const s = session(project);
      const e = endpoint(s, s.peek(id), id);
      return { delivered: ctx.notifyHost('host/navigate', { file: s.absolutePath(e.source.file), line: e.source.line, column: e.source.column }) };
    },
    'host/copy': ({ text }) => ({ delivered: ctx.notifyHost('host/clipboard', { text }) }),
    'host/openSettings': ({ page }) => ({ delivered: ctx.notifyHost('host/openSettings', { page: page ?? 'apiscout' }) }),
    'host/notify': (params) => ({ delivered: ctx.notifyHost('host/notification', params) }),
    'host/chooseFile': async ({ project, title }, token) => {
      const s = session(project);
      // One chooser at a time: a page that asks again (reloaded, another page, another button)
      // ends the earlier wait, answered as a cancel, rather than queueing behind a dialog that
      // may never answer.
      chooser?.supersede();
      const wait = new ChooserWait(token);
      chooser = wait;
      try {
        const answer = await ctx.requestHost('ide/chooseFile', { title: title ?? 'Choose the file to send', directory: s.root }, wait.token);
        if (!answer) return { delivered: false };
        if (answer.path === null) return { delivered: true };
        return { delivered: true, path: asRequestNames(answer.path, s.root), absolute: answer.path };
      } catch (e) {
        if (!(e instanceof BridgeError) || e.code !== REQUEST_CANCELLED) throw e;
        if (wait.ended === 'superseded') return { delivered: true };
        if (wait.ended === 'limit') {
          const said = `the IDE did not answer within ${duration(CHOOSER_LIMIT_MS)}`;
          ctx.log(`host/chooseFile: ${said}; its request was cancelled`);
          throw new BridgeError(RpcErrors.InternalError, `${said} (type the path, or press … to ask again)`);
        }
        throw e; // the page cancelled
      } finally {
        wait.dispose();
        if (chooser === wait) chooser = null;
      }
    },
  };
}

/** A file inside the project as a relative path (a saved request stays portable), else absolute. */
function asRequestNames(file: string, root: string): string {
  const rel = relative(root, file);
  const inside = rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  return inside ? rel.split(sep).join('/') : file;
}
