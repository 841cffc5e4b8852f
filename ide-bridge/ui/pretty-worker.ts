// Pretty off the page's thread (body-viewer.tsx starts it): a large body is indented here while
// the explorer stays responsive. One message in ({id, text}), one out ({id, text}).

import { indentJson } from './json-indent';

const scope = self as unknown as { onmessage: ((e: MessageEvent<{ id: number; text: string }>) => void) | null; postMessage(m: unknown): void };
scope.onmessage = (e) => scope.postMessage({ id: e.data.id, text: indentJson(e.data.text) });
