// Requests a UI makes of the IDE host: open the editor, use the clipboard, open settings, show a
// notification. The sidecar relays each as a notification to the host's connection; without one
// (a plain browser) `delivered` is false and the UI does what a browser can (source view,
// navigator.clipboard, its own settings page).

import type { HandlerKit, Handlers } from './handlers';

type Methods = 'host/navigate' | 'host/copy' | 'host/openSettings' | 'host/notify';

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
  };
}
