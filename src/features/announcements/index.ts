/** Public surface of the announcements feature for other features (the work home page). */
export { useLatestAnnouncement, type LatestAnnouncement } from './use-latest-announcement';
export { AnnouncementCard } from './components/announcement-card';
