/** Public surface of the announcements feature for other features (the work home page). */
export { useLatestAnnouncement } from './use-latest-announcement';
export { AnnouncementCard } from './components/announcement-card';
