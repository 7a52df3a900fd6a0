/** Public surface of the registration feature for other features. */
export { RegistrationFinder } from './components/registration-finder';
export { PendingRegistrationsLine } from './components/pending-registrations-line';
export { hasUnsavedWorkRegistration, saveWorkRegistrationToServer } from './registration-draft-store';
export {
  bindStep,
  SAVED_WITHOUT_ID_MESSAGE,
  submitStep,
  type RegisterAndBindOutcome,
  type RegisterAndBindStep,
} from './register-and-bind';
