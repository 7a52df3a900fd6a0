/** The sampling endpoints (spec §7), one file each. */
export * from './bind-sampling-tube';
export * from './download-check-report';
export * from './get-sampling-tube-status';
export * from './page-check-report';
export * from './update-sampling-operation';
