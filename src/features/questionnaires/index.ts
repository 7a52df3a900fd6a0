/** What other features may use of the questionnaires. */
export { SUBMIT_ANSWERS_LABEL } from './labels';
