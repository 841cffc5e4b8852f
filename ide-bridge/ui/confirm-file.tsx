// Asked before Send uploads a file from outside the project folder. A saved request can come from
// a shared repository and name any file on this computer (`../../.ssh/id_rsa`, a link leading
// out): the user sees which file, and where it really is, before its bytes leave.

import { Dialog } from './dialog';

export interface ConfirmOutsideFileProps {
  /** The file as the request names it, made absolute. */
  path: string;
  /** Where it really is (a link followed). */
  target: string;
  root: string;
  onCancel(): void;
  onSend(): void;
}

export function ConfirmOutsideFile({ path, target, root, onCancel, onSend }: ConfirmOutsideFileProps) {
  return (
    <Dialog label="Send a file from outside the project" class="confirm-file" onClose={onCancel}>
      <h3>Send a file from outside the project?</h3>
      <p>This request uploads</p>
      <p class="file-path">
        <code>{path}</code>
      </p>
      {target !== path && (
        <p>
          a link to <code class="file-path">{target}</code>
        </p>
      )}
      <p class="muted">
        It is outside the project folder <code>{root}</code>. A saved request can name any file on this computer: send it only if you chose it. You are asked once per file until the page is reloaded.
      </p>
      <div class="dialog-actions">
        <button type="button" data-autofocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" class="danger" onClick={onSend}>
          Send the file
        </button>
      </div>
    </Dialog>
  );
}
