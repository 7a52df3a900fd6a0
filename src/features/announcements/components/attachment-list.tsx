import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayFileName, startDownload } from '@/features/downloads';
import { formatFileSize } from '@/lib/file-download';
import type { Attachment } from '@/types/api';
import styles from '../announcements.module.css';

export interface AttachmentListProps {
  attachments: Attachment[];
  /** path + search of this page: where 返回 and 重试 on the download pages lead. */
  returnTo: string;
}

/** An announcement's attachments with name and size, each with its own download button. */
export function AttachmentList({ attachments, returnTo }: AttachmentListProps) {
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (attachments.length === 0) return null;

  const download = async (attachment: Attachment, fallbackName: string) => {
    setBusyId(attachment.id);
    try {
      const source = { kind: 'attachment', id: attachment.id } as const;
      await startDownload({ source, fallbackName, returnTo }, navigate);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className={styles.attachments} aria-labelledby="announcement-attachments">
      <h3 id="announcement-attachments" className={styles.attachmentsTitle}>
        附件（{attachments.length}）
      </h3>
      <ul className={styles.attachmentList}>
        {attachments.map((attachment) => {
          const name = displayFileName(attachment.fileName, { kind: 'attachment', id: attachment.id });
          return (
            <li key={attachment.id} className={styles.attachment}>
              <span className={styles.attachmentText}>
                <span className={styles.attachmentName}>{name}</span>
                <span className={styles.attachmentSize}>{formatFileSize(attachment.size)}</span>
              </span>
              <Button
                style={{ minHeight: 44 }}
                color="primary"
                fill="outline"
                loading={busyId === attachment.id}
                disabled={busyId !== null}
                aria-label={`下载 ${name}`}
                onClick={() => void download(attachment, name)}
              >
                下载
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
