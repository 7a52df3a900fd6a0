/** Types of scripts/content-types.mjs for the tests. */
export function contentTypeOf(file: string): string;
