import { KEPT_SESSION_KEYS } from '@/config/storage-keys';
import { readText, removeStored, writeText } from '@/lib/storage';

/**
 * After a deploy, a webview holding an old index.html asks for chunks that no longer exist. Load the
 * page again once to pick up the new index.html; a second failure in the same tab is shown, not looped.
 */
const RELOAD_FLAG = KEPT_SESSION_KEYS.chunkReloadAt;
const RELOAD_WINDOW_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i.test(
    message,
  );
}

/**
 * `opening`: the address of the page being opened when `load` runs for a navigation (null otherwise).
 * The app then loads that page, the one the person tapped, rather than reloading the one they left.
 */
export async function loadWithReload<T>(
  load: () => Promise<T>,
  opening: () => string | null = () => null,
): Promise<T> {
  try {
    const module = await load();
    removeStored('session', RELOAD_FLAG);
    return module;
  } catch (error) {
    const last = Number(readText('session', RELOAD_FLAG) ?? 0);
    if (isChunkLoadError(error) && Date.now() - last > RELOAD_WINDOW_MS) {
      writeText('session', RELOAD_FLAG, String(Date.now()));
      const href = opening();
      if (href) window.location.assign(href);
      else window.location.reload();
      return new Promise<T>(() => {});
    }
    throw error;
  }
}
