// The toolbar's 16 px line icons, drawn in the text colour (IntelliJ tool-window style). Each
// button that shows one carries its name as aria-label and title, so icons never stand alone.

import { ICON_PATHS } from './icon-paths';

export function Icon({ name }: { name: keyof typeof ICON_PATHS | string }) {
  return (
    <svg class="icon-svg" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name] ?? ''} fill="none" stroke="currentColor" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}
