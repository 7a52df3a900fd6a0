/** Public surface of the registration feature for other features. */
export { RegistrationFinder } from './components/registration-finder';
