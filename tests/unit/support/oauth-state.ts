/**
 * An OAuth `state` carrying `path` as is, after `nonce` (by default a well-formed nonce no tab made), in
 * the letters-and-digits encoding WeChat allows (Z and two hex digits for any other byte): what a
 * crafted callback link could carry, whatever createOAuthState would have refused.
 */
export function stateCarrying(path: string, nonce = 'A'.repeat(20)): string {
  let encoded = '';
  for (const byte of new TextEncoder().encode(path)) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Ya-z0-9]/.test(char) ? char : `Z${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return nonce + encoded;
}
