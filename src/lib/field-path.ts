/**
 * A field of an answer as reports name it: a repeated path in a list of records is one field, so
 * 'records[3].id' and 'records[7].id' are 'records[].id', and a page of twenty records is one line.
 */
export function fieldOf(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}
