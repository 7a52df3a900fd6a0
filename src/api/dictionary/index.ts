/** The dictionary endpoint (spec §7), its per-type read (spec §4: kept for the session) and the hook pages use. */
export * from './page-dictionary-item';
export * from './dictionary-read';
export * from './use-dictionary';
