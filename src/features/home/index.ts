/** What other features may use of the home: the check home's overview and the people it names (the report search). */
export { checkOverviewQuery } from './check-overview-query';
export { peopleWithIdCards } from './known-people';
