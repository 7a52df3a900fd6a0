/** The account endpoints (spec §7), one file each. */
export * from './get-user-manage-profile';
export * from './login-manage';
export * from './login-out';
export * from './login-wechat';
