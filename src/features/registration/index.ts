/**
 * Public surface of the registration feature for other features. Its components come through loaders,
 * so importing this module loads no UI: the offline queue's sender imports it for the flow alone.
 */
export const loadRegistrationFinder = () => import('./components/registration-finder');
export const loadPendingRegistrationsLine = () => import('./components/pending-registrations-line');
export { hasUnsavedWorkRegistration, saveWorkRegistrationToServer } from './registration-draft-store';
export {
  bindStep,
  SAVED_WITHOUT_ID_MESSAGE,
  submitStep,
  type RegisterAndBindOutcome,
  type RegisterAndBindStep,
} from './register-and-bind';
