/** The demo backend's stored records: what db.ts keeps and seed.ts creates. */
import type {
  Announcement,
  CheckReport,
  DictionaryItemWire,
  DictionaryTypeCode,
  Questionnaire,
  QuestionnaireResponse,
  Registration,
  SamplingTubeStatus,
  SystemMessage,
  TubeTimelineEntry,
  UserRole,
} from '@/types/api';

/**
 * The demo's records always have these fields, which the app's tolerant reader lets a real server
 * leave out (src/types/api.ts): required here, so the demo never sends less than it means to.
 */
type Complete<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

/** A sampling tube as the demo keeps it. */
export interface DemoTube {
  code: string;
  status: SamplingTubeStatus;
  registrationId?: string;
  boundAt?: string;
  collectedAt?: string;
  /** Oldest first. */
  timeline: TubeTimelineEntry[];
}

export type StoredReport = Complete<
  CheckReport,
  'registrationId' | 'sampledAt' | 'receivedAt' | 'reportedAt'
>;

/** The detail answer may leave out its own id (the page asked by it); the demo keeps one. */
export type StoredAnnouncement = Complete<Announcement, 'id'>;

export interface DemoUser {
  id: string;
  name: string;
  role: UserRole;
  institutionName: string;
  phone: string;
  /** Staff only. */
  accountName?: string;
  password?: string;
  /** Check users only: their own ID card, which makes a registration theirs. */
  idCard?: string;
}

interface DemoSession {
  token: string;
  userId: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** A registration as stored: tube, report and age are derived when it is read. */
export interface StoredRegistration extends Complete<
  Omit<Registration, 'tube' | 'reportId' | 'age'>,
  'gender' | 'birthDate' | 'registeredAt'
> {
  createdByUserId: string;
}

export interface StoredMessage extends Complete<SystemMessage, 'type' | 'sentAt'> {
  recipientUserId: string;
}

export interface StoredResponse extends Complete<
  Omit<QuestionnaireResponse, 'questionnaireTitle' | 'personName'>,
  'createdAt' | 'updatedAt'
> {
  ownerUserId: string;
}

/** How an attachment's bytes are produced (they are generated on download, not stored). */
export type AttachmentSource =
  { kind: 'pdf'; title: string; lines: string[] } | { kind: 'text'; text: string };

/** Everything the demo backend knows. Plain JSON, so it survives localStorage. */
export interface DemoState {
  version: number;
  /** Next number for generated ids. */
  sequence: number;
  users: DemoUser[];
  sessions: DemoSession[];
  /** WeChat OAuth codes already exchanged (a code works once). */
  usedWeChatCodes: string[];
  dictionaries: Record<DictionaryTypeCode, DictionaryItemWire[]>;
  registrations: StoredRegistration[];
  tubes: DemoTube[];
  reports: StoredReport[];
  messages: StoredMessage[];
  questionnaires: Questionnaire[];
  responses: StoredResponse[];
  announcements: StoredAnnouncement[];
  attachmentSources: Record<string, AttachmentSource>;
}
