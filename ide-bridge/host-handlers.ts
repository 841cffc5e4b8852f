// Requests a UI makes of the IDE host: open the editor, use the clipboard, open settings, show a
// notification, choose a file. The sidecar relays each as a notification to the host's
// connection, or as a request where an answer is needed (the chosen file); without a host (a
// plain browser) `delivered` is false and the UI does what a browser can (source view,
// navigator.clipboard, its own settings page, a typed path).

import { isAbsolute, relative, sep } from 'node:path';
import type { HandlerKit, Handlers } from './handlers';

type Methods = 'host/navigate' | 'host/copy' | 'host/openSettings' | 'host/notify' | 'host/chooseFile';

export function hostHandlers({ ctx, session, endpoint }: HandlerKit): Pick<Handlers, Methods> {
  return {
    'host/navigate': ({ project, id }) => {
      const s = session(project);
      const e = endpoint(s, s.peek(id), id);
      return { delivered: ctx.notifyHost('host/navigate', { file: s.absolutePath(e.source.file), line: e.source.line, column: e.source.column }) };
    },
    'host/copy': ({ text }) => ({ delivered: ctx.notifyHost('host/clipboard', { text }) }),
    'host/openSettings': ({ page }) => ({ delivered: ctx.notifyHost('host/openSettings', { page: page ?? 'apiscout' }) }),
    'host/notify': (params) => ({ delivered: ctx.notifyHost('host/notification', params) }),
    'host/chooseFile': async ({ project, title }) => {
      const s = session(project);
      const answer = await ctx.requestHost('ide/chooseFile', { title: title ?? 'Choose the file to send', directory: s.root });
      if (!answer) return { delivered: false };
      if (answer.path === null) return { delivered: true };
      return { delivered: true, path: asRequestNames(answer.path, s.root), absolute: answer.path };
    },
  };
}

/** A file inside the project as a relative path (a saved request stays portable), else absolute. */
function asRequestNames(file: string, root: string): string {
  const rel = relative(root, file);
  const inside = rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  return inside ? rel.split(sep).join('/') : file;
}
