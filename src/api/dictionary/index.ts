/** The dictionary endpoint (spec §7) and its per-type read (spec §4: kept for the session). */
export * from './page-dictionary-item';
export * from './dictionary-read';
