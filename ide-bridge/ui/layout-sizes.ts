// The explorer's fixed sizes, shared by the app (layout.tsx, virtual-list.tsx) and the first screen
// the sidecar draws into the page (ide-bridge/first-screen.ts), which must lay out the same.
// Pure and Node-free.

/** Under this width (CSS pixels) the tree and the editor stack as master/detail. */
export const NARROW_BELOW = 700;
/** The tree's width until the user drags the splitter. */
export const TREE_DEFAULT = 420;
export const TREE_MIN = 220;
export const EDITOR_MIN = 320;
/** Every row of the tree and the search results is this tall. */
export const ROW_HEIGHT = 24;
