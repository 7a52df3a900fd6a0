/**
 * What a page shows in place of a display-only field the server left out (src/types/api.ts: the
 * tolerant reader keeps the answer and holds the field as '' or absent).
 */

/** A message or announcement without a title: a list item still needs a name to be read out and tapped. */
export const UNTITLED_TEXT = '（无标题）';
