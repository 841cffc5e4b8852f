// The IDE's look when the explorer is hosted in IntelliJ (the contract with the plugin): the page
// is loaded with `?host=intellij&theme=dark|light&fontSize=<px>`, and on a Look-and-Feel change the
// plugin posts `{type: 'theme', theme, fontSize}` into the page (the same path as `reveal`). The
// page then takes IntelliJ's colours (Darcula or Light) and the IDE's font size; in a plain
// browser it follows the system's light or dark preference.

import { useEffect, useState } from 'preact/hooks';

export interface HostTheme {
  /** `intellij` when the plugin hosts the page; undefined in a plain browser. */
  host: 'intellij' | undefined;
  theme: 'dark' | 'light' | undefined;
  fontSize: number | undefined;
}

const FONT_MIN = 9;
const FONT_MAX = 32;

/** The theme the page was loaded with (its query string). */
export function hostTheme(search: string = location.search): HostTheme {
  const q = new URLSearchParams(search);
  return {
    host: q.get('host') === 'intellij' ? 'intellij' : undefined,
    theme: themeOf(q.get('theme')),
    fontSize: fontSizeOf(q.get('fontSize')),
  };
}

function themeOf(v: unknown): HostTheme['theme'] {
  return v === 'dark' || v === 'light' ? v : undefined;
}

function fontSizeOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && n >= FONT_MIN && n <= FONT_MAX ? n : undefined;
}

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
  const [theme, setTheme] = useState<HostTheme>(() => hostTheme());
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
