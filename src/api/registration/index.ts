/** The registration endpoints (spec §7), one file each. */
export * from './add-registration';
export * from './delete-registration';
export * from './get-registration-detail';
export * from './search-registrations';
export * from './submit-registration';
export * from './saved-registration-id';
export * from './registrations-of-id-card';
