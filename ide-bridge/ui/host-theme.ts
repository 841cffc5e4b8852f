// The IDE's look when the explorer is hosted in IntelliJ (the contract with the plugin): the page
// is loaded with `?host=intellij&theme=dark|light&fontSize=<px>`, and on a Look-and-Feel change the
// plugin posts `{type: 'theme', theme, fontSize}` into the page (the same path as `reveal`). The
// page then takes IntelliJ's colours (Darcula or Light) and the IDE's font size; in a plain
// browser it follows the system's light or dark preference.

import { useEffect, useState } from 'preact/hooks';

import type { HostTheme } from './host-theme-query';
import { fontSizeOf, hostTheme, themeOf } from './host-theme-query';

export type { HostTheme } from './host-theme-query';
export { hostTheme } from './host-theme-query';

/** Puts a theme on the document: `data-theme` picks the palette in app.css, the font size is the root's. */
export function applyTheme(t: HostTheme): void {
  const root = document.documentElement;
  if (t.host) root.dataset['host'] = t.host;
  else delete root.dataset['host'];
  if (t.theme) root.dataset['theme'] = t.theme;
  else delete root.dataset['theme'];
  root.style.fontSize = t.fontSize ? `${t.fontSize}px` : '';
  root.style.colorScheme = t.theme ?? '';
}

/** The host's theme, applied, and followed as the IDE posts changes. Only the page's own window may post them. */
export function useHostTheme(): HostTheme {
  const [theme, setTheme] = useState<HostTheme>(() => hostTheme(location.search));
  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = e.data as { type?: unknown; theme?: unknown; fontSize?: unknown } | null;
      if (e.source !== window || m?.type !== 'theme') return;
      setTheme((t) => ({ host: t.host ?? 'intellij', theme: themeOf(m.theme) ?? t.theme, fontSize: fontSizeOf(m.fontSize) ?? t.fontSize }));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return theme;
}
