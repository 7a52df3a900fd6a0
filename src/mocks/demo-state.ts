/** The demo backend's stored records: what db.ts keeps and seed.ts creates. */
import type {
  Announcement,
  CheckReport,
  DictionaryItemWire,
  DictionaryTypeCode,
  Questionnaire,
  QuestionnaireResponse,
  Registration,
  SamplingTube,
  SystemMessage,
  UserRole,
} from '@/types/api';

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
export interface StoredRegistration extends Omit<Registration, 'tube' | 'reportId' | 'age'> {
  createdByUserId: string;
}

export interface StoredMessage extends SystemMessage {
  recipientUserId: string;
}

export interface StoredResponse extends Omit<QuestionnaireResponse, 'questionnaireTitle' | 'personName'> {
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
  tubes: SamplingTube[];
  reports: CheckReport[];
  messages: StoredMessage[];
  questionnaires: Questionnaire[];
  responses: StoredResponse[];
  announcements: Announcement[];
  attachmentSources: Record<string, AttachmentSource>;
}
