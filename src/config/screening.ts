/**
 * What the screening programme tells people to expect, in one place: every page and the demo content
 * take their figures from here, so no two screens disagree (a test reads them all). The spec names none
 * of these; they are the programme's usual figures (assumption), to be confirmed per deployment.
 */

/** Working days from handing the tube in to the report. */
export const RESULT_TURNAROUND = '3-5 个工作日';
/** Days within which a sample must be handed in after it was taken. */
export const SAMPLE_RETURN_DAYS = 3;
/** About how long the risk questionnaire takes. */
export const QUESTIONNAIRE_MINUTES = 3;
/** Ages the programme screens (inclusive). */
export const SCREENING_AGE = { min: 50, max: 74 } as const;
