/** Public surface of the registration feature for other features. */
export { RegistrationFinder } from './components/registration-finder';
export { PendingRegistrationsLine } from './components/pending-registrations-line';
export { hasUnsavedWorkRegistration, saveWorkRegistrationToServer } from './registration-draft-store';
