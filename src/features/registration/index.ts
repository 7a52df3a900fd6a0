/**
 * Public surface of the registration feature for other features. Its components come through loaders,
 * so importing this module loads no UI.
 */
export const loadRegistrationFinder = () => import('./components/registration-finder');
export const loadPendingRegistrationsLine = () => import('./components/pending-registrations-line');
export { hasUnsavedWorkRegistration, saveWorkRegistrationToServer } from './registration-draft-store';
