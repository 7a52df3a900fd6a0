/** The questionnaires endpoints (spec §7), one file each. */
export * from './add-response';
export * from './get-questionnaire-detail';
export * from './get-questionnaire-list';
export * from './get-response-detail';
export * from './page-response';
export * from './submit-response';
export * from './update-response';
