export * from './api';
export * from './dictionary-cache';
export * from './use-dictionary';
