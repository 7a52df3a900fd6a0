/** The dictionary endpoint (spec §7), its per-type cache (spec §4) and the hook pages read it with. */
export * from './page-dictionary-item';
export * from './dictionary-cache';
export * from './use-dictionary';
