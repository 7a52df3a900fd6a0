/** A title is what a reader of a test report scans: a sentence, never a payload (every report stores it). */
const MAX_TITLE_LENGTH = 200;

/** Fails the test (unit or browser) whose full title is longer than MAX_TITLE_LENGTH characters. */
export function assertTitleLength(title: string): void {
  if (title.length > MAX_TITLE_LENGTH) {
    throw new Error(
      `test title of ${title.length} characters (at most ${MAX_TITLE_LENGTH}): ${title.slice(0, 80)}…`,
    );
  }
}
