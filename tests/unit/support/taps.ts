import { act } from '@testing-library/react';
import { onTestFinished } from 'vitest';

/**
 * Watches the page from now on: the returned function says whether `text` was shown at any moment,
 * a toast that came and went included.
 */
export function watchForText(text: string): () => boolean {
  const shown = () => document.body.textContent?.includes(text) ?? false;
  let seen = shown();
  const observer = new MutationObserver(() => {
    seen ||= shown();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return () => {
    observer.takeRecords();
    seen ||= shown();
    return seen;
  };
}

/** Two taps before React renders again: a quick double tap on a slow phone. */
export function tapTwiceInOneFrame(element: HTMLElement): void {
  act(() => {
    element.click();
    element.click();
  });
}
