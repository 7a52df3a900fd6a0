/** What other features may use of the reports: the report search a locked staff session forgets. */
export { forgetReportSearch } from './report-criteria';
