/** The questionnaire form's submit button: the words the home's to-do points to, too. */
export const SUBMIT_ANSWERS_LABEL = '提交问卷';
