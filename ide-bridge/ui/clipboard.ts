// Putting text on the clipboard from the explorer: the browser's own clipboard first; inside
// IntelliJ's JCEF, where a page cannot always reach it, the IDE host does it (host/copy).

import type { BridgeClient } from './rpc';

export type CopiedBy = 'browser' | 'host';

export async function copyText(client: BridgeClient, text: string): Promise<CopiedBy> {
  try {
    // navigator.clipboard is missing outside secure contexts: that throws here too.
    await navigator.clipboard.writeText(text);
    return 'browser';
  } catch (browserRefusal) {
    const { delivered } = await client.request('host/copy', { text });
    if (delivered) return 'host';
    const why = browserRefusal instanceof Error ? browserRefusal.message : String(browserRefusal);
    throw new Error(`the browser refused the clipboard (${why}) and no IDE host is connected`);
  }
}
