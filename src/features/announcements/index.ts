/** Public surface of the announcements feature for other features (the work home page). */
export { AnnouncementCard } from './components/announcement-card';
