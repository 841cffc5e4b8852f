// The explorer's fixed sizes, shared by the app (layout.tsx, virtual-list.tsx) and the first screen
// the sidecar draws into the page (ide-bridge/first-screen.ts), which must lay out the same.
// Pure and Node-free.

/** Under this width (CSS pixels) the tree and the editor stack as master/detail. */
export const NARROW_BELOW = 700;
/**
 * The tree's width until the user drags the splitter: TREE_DEFAULT, or a share of a wider window
 * (TREE_SHARE of it, up to TREE_WIDE): at full screen the list held 420 px and cut paths in their
 * middle beside an editor of 1,000 px.
 */
export const TREE_DEFAULT = 420;
export const TREE_SHARE = 0.4;
export const TREE_WIDE = 640;

/** The undragged tree's width in a window `width` pixels wide, before the editor's EDITOR_MIN is kept (first-screen.ts says the same in CSS). */
export function treeDefault(width: number): number {
  return Math.max(TREE_DEFAULT, Math.min(width * TREE_SHARE, TREE_WIDE));
}
export const TREE_MIN = 220;
export const EDITOR_MIN = 320;
/** Every row of the tree and the search results is this tall. */
export const ROW_HEIGHT = 24;
