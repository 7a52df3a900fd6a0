type Scalar = string | number | boolean;
export type QueryParams = Record<string, unknown>;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function pair(name: string, value: Scalar): string {
  return `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`;
}

/**
 * Spec §5 query-string builder: null, '' and undefined are skipped; one level of nested objects is
 * flattened as `name[key]=value`. Arrays repeat the name. Returns the string without a leading '?'.
 */
export function buildQueryString(params: QueryParams | undefined | null): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (isBlank(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (!isBlank(item)) parts.push(pair(name, item as Scalar));
    } else if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (!isBlank(inner)) parts.push(pair(`${name}[${key}]`, inner as Scalar));
      }
    } else {
      parts.push(pair(name, value as Scalar));
    }
  }
  return parts.join('&');
}
