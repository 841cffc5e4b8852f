// The IDE's theme as the page's URL gives it (`?host=intellij&theme=dark|light&fontSize=<px>`,
// host-theme.ts has the contract): read by the app, and by the UI server, which puts it on the
// served page's root element (themeAttributes) so the first screen it draws comes in the IDE's
// colours, not the browser's until the app runs. Pure and Node-free.

export interface HostTheme {
  /** `intellij` when the plugin hosts the page; undefined in a plain browser. */
  host: 'intellij' | undefined;
  theme: 'dark' | 'light' | undefined;
  fontSize: number | undefined;
}

const FONT_MIN = 9;
const FONT_MAX = 32;

/** The theme the page was loaded with (its query string). */
export function hostTheme(search: string): HostTheme {
  const q = new URLSearchParams(search);
  return {
    host: q.get('host') === 'intellij' ? 'intellij' : undefined,
    theme: themeOf(q.get('theme')),
    fontSize: fontSizeOf(q.get('fontSize')),
  };
}

export function themeOf(v: unknown): HostTheme['theme'] {
  return v === 'dark' || v === 'light' ? v : undefined;
}

export function fontSizeOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && n >= FONT_MIN && n <= FONT_MAX ? n : undefined;
}

/** The root element's attributes for a theme, as applyTheme (host-theme.ts) sets them: ` data-host=".." data-theme=".." style=".."` or ''. */
export function themeAttributes(t: HostTheme): string {
  const style = [t.fontSize ? `font-size: ${t.fontSize}px;` : '', t.theme ? `color-scheme: ${t.theme};` : ''].filter(Boolean).join(' ');
  return `${t.host ? ` data-host="${t.host}"` : ''}${t.theme ? ` data-theme="${t.theme}"` : ''}${style ? ` style="${style}"` : ''}`;
}
