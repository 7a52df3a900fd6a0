/** Public surface of the sign-in feature for other features (the home pages). */
export { lockStaffSession, logout, signOutCheckUser } from './logout';
