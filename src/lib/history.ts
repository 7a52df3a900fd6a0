/**
 * True when the router has an earlier entry of this app to go back to: react-router keeps the entry's
 * index in `history.state.idx` (0 for the page the app was opened on).
 */
export function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * Router state a page passes when it opens a page whose job ends by returning to it (the detail opening
 * 解绑, the report search opening the list): that page then goes Back to the entry it came from, which
 * shows the new truth, instead of pushing a second copy that leaves a stale one behind.
 */
export interface OpenedFrom {
  openedFrom?: string;
}

/** Whether the current entry was opened by a page at `path` (see OpenedFrom). */
export function openedFrom(state: unknown, path: string): boolean {
  return typeof state === 'object' && state !== null && (state as OpenedFrom).openedFrom === path;
}
