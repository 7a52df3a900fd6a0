/**
 * pdf.js's data files, which pdf.js asks for by name while it reads a PDF: the character maps of
 * non-embedded CJK fonts, the image decoders (JPEG 2000, JBIG2 and CCITT in wasm, JPEG 2000's JS
 * fallback) and the annotation layer's note icons. Each folder of pdfjs-dist (`from`) is served as it
 * is under the public base (`to`): the build copies it and the dev server serves it
 * (scripts/vite-plugins.ts `pdfJsAssets`); pdf-loader.ts asks for its files there. Nothing here loads
 * before a PDF needs it.
 */
export const PDF_ASSET_FOLDERS = {
  cMaps: { from: 'cmaps', to: 'pdfjs/cmaps/' },
  wasm: { from: 'wasm', to: 'pdfjs/wasm/' },
  /** Only the annotation icons of pdf.js's viewer images (the rest are its toolbar's). */
  images: { from: 'web/images', to: 'pdfjs/images/', only: /^annotation-/ },
} as const;
