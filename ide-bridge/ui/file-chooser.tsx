// Choosing a file a request sends with the IDE's own chooser. A page, even in JCEF, cannot learn
// a chosen file's path (an <input type=file> gives bytes), and a saved request keeps a path: so
// the page asks the IDE through the sidecar (host/chooseFile). Offered only where the IDE hosts
// the page; in a browser the path is typed.

import { createContext } from 'preact';
import { useContext, useState } from 'preact/hooks';

/** The chosen file as a request names it (relative inside the project), or undefined when cancelled. */
export type ChooseFile = () => Promise<string | undefined>;

/** Provided by the details pane when the IDE hosts the page; undefined elsewhere. */
export const FileChooser = createContext<ChooseFile | undefined>(undefined);

/** The browse button beside a file path field (IntelliJ's `…`); nothing when no host can choose. */
export function ChooseFileButton({ label, onChosen }: { label: string; onChosen(path: string): void }) {
  const choose = useContext(FileChooser);
  const [busy, setBusy] = useState(false);
  if (!choose) return null;
  const click = async () => {
    setBusy(true);
    try {
      const path = await choose();
      if (path !== undefined) onChosen(path);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" class="choose-file" aria-label={label} title="Choose a file…" disabled={busy} onClick={() => void click()}>
      …
    </button>
  );
}
