/**
 * What other features may use of the reports: the report search a locked staff session forgets, and the
 * check user's own list the home's 查看报告 may open.
 */
export { forgetReportSearch, selectMyReports } from './report-criteria';
