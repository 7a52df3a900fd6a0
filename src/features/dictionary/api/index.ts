/** The dictionary endpoints (spec §7), one file each. */
export * from './page-dictionary-item';
