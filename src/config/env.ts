/**
 * The one typed view of the build-time configuration (import.meta.env).
 * Production builds are validated in vite.config.ts, so a missing value fails the build, not the user.
 */
export interface AppConfig {
  /** Absolute origin of the REST API (production: the remote host on port 8686); '' means same origin. */
  apiBaseUrl: string;
  /** Public base path the app is served under; Vite `base` and the router basename. Always ends with '/'. */
  publicBase: string;
  /** WeChat official-account app id for the JS-SDK and OAuth. */
  wechatAppId: string;
  /** Symmetric key for decrypting hex-encoded values (AES-ECB-PKCS7). */
  aesKey: string;
  /** Whether the built-in demo backend (msw) answers the API. Never true in production. */
  demo: boolean;
  /** Whether the vConsole debug panel is created (never in production). */
  vconsole: boolean;
  /** Build mode: 'production', 'test' or 'development'. */
  mode: string;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

export function readConfig(env: Partial<ImportMetaEnv> & { MODE: string }): AppConfig {
  const mode = env.MODE;
  return {
    apiBaseUrl: (env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
    publicBase: withTrailingSlash(env.VITE_PUBLIC_BASE || '/'),
    wechatAppId: env.VITE_WECHAT_APP_ID ?? '',
    aesKey: env.VITE_AES_KEY ?? '',
    demo: mode !== 'production' && env.VITE_DEMO === 'true',
    vconsole: mode !== 'production' && env.VITE_VCONSOLE === 'true',
    mode,
  };
}

// Pure: a bundle that imports only readConfig (the boot script's early requests) drops this, and with it
// every variable's value.
export const config: AppConfig = /* @__PURE__ */ readConfig(import.meta.env);
