/**
 * The https origins of a comma-separated list (VITE_CONTENT_IMAGE_ORIGINS); anything else in it is left
 * out. Shared by the app's configuration (env.ts) and the build's Content-Security-Policy (vite.config.ts).
 */
export function readHttpsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => URL.canParse(item) && new URL(item).protocol === 'https:')
    .map((item) => new URL(item).origin);
}
