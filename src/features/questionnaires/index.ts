/** Public surface of the questionnaires feature for other features (the registration forms link here). */
export { safeReturnTo } from './questionnaire-paths';
