import { Button } from 'antd-mobile';
import { config } from '@/config/env';
import { formatClock } from '@/lib/date-time';
import { formHasContent, serverDraftInput, type RegistrationDraft } from '../registration-draft';
import type { ServerSaveStatus } from '../use-server-draft';
import styles from './server-draft-line.module.css';

/** Where the unfinished registration is kept, in words, and 暂存 where saving is not automatic (staff only). */
export function ServerDraftLine({
  draft,
  status,
  unsaved,
  onSave: save,
}: {
  draft: RegistrationDraft;
  /** How the last save went. */
  status: ServerSaveStatus;
  /** Something typed is not on the server yet. */
  unsaved: boolean;
  /** Saves to the server now. */
  onSave: () => void;
}) {
  // Something is typed, but not yet the name and a valid ID card the server needs.
  const waitingForPerson =
    !draft.server.registrationId && formHasContent(draft.form) && serverDraftInput(draft) === null;
  // 暂存, offered while there is something the server does not have and nothing saves it by itself.
  const onSave = !config.assumptions.saveDraftWhileTyping && unsaved ? save : undefined;
  let text: string;
  switch (status.kind) {
    case 'saving':
      text = '正在保存到服务器…';
      break;
    case 'saved':
      text = `已于 ${formatClock(status.at)} 保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写`;
      break;
    case 'failed':
      text = onSave
        ? `未能保存到服务器（${status.message}），内容已保存在本机，可稍后再点「暂存」`
        : `未能保存到服务器（${status.message}），内容已保存在本机，稍后会再试`;
      break;
    default:
      if (onSave) text = '点「暂存」保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写';
      else if (waitingForPerson)
        text = config.assumptions.saveDraftWhileTyping
          ? '填好姓名和身份证号后，会自动保存到服务器'
          : '填好姓名和身份证号后，可「暂存」到服务器';
      else text = '';
  }
  if (!text) return null;
  return (
    <div className={styles.serverDraftRow}>
      <p className={status.kind === 'failed' ? styles.serverDraftFailed : styles.serverDraft} role="status">
        {text}
      </p>
      {onSave && status.kind !== 'saving' && (
        <Button size="small" color="primary" fill="outline" onClick={onSave}>
          暂存
        </Button>
      )}
    </div>
  );
}
