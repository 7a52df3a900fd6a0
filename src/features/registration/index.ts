/** Public surface of the registration feature for other features. */
export { RegistrationFinder } from './components/registration-finder';
export { PendingRegistrationsCard } from './components/pending-registrations-card';
export { hasUnsavedWorkRegistration, saveWorkRegistrationToServer } from './work-draft-on-phone';
