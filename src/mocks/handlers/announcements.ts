import { HttpResponse, type HttpHandler } from 'msw';
import { API_STATUS, type AnnouncementSummary } from '@/types/api';
import type { DemoDb } from '../db';
import { attachmentBytes } from '../seed';
import {
  byNewest,
  endpoint,
  envelope,
  notFound,
  optionalString,
  paginate,
  requiredString,
  type HandlerOptions,
} from './shared';

const ATTACHMENT_NOT_FOUND_MESSAGE = '附件不存在或已删除';

export function announcementHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(db, options, 'post', '/api/v1/Announcement/Page', ({ input }) => {
      const keyword = optionalString(input, 'keyword');
      const found = db.state.announcements
        .filter((announcement) => !keyword || announcement.title.includes(keyword))
        .sort(byNewest((announcement) => announcement.publishedAt))
        .map(({ content: _content, ...summary }): AnnouncementSummary => summary);
      return paginate(found, input);
    }),

    endpoint(db, options, 'get', '/api/v1/Announcement/GetDetail', ({ input }) => {
      const id = requiredString(input, 'id', '缺少公告编号');
      const announcement = db.state.announcements.find((candidate) => candidate.id === id);
      if (!announcement) throw notFound('公告不存在或已下线');
      return announcement;
    }),

    endpoint(db, options, 'get', '/api/v1/Attachement/Download', ({ input }) => {
      const attachmentId = requiredString(input, 'attachmentId', '缺少附件编号');
      const attachment = db.state.announcements
        .flatMap((announcement) => announcement.attachments)
        .find((candidate) => candidate.id === attachmentId);
      const source = db.state.attachmentSources[attachmentId];
      if (!attachment || !source) return envelope(null, API_STATUS.notFound, ATTACHMENT_NOT_FOUND_MESSAGE);
      return new HttpResponse(attachmentBytes(source), {
        headers: {
          'Content-Type': attachment.contentType,
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
          'Access-Control-Expose-Headers': 'Content-Disposition',
        },
      });
    }),
  ];
}
