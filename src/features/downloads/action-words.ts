import type { FileSource } from '@/lib/file-download';
import { isWeChat } from '@/lib/wechat/environment';

/**
 * A report's one action, in the words of what it does where the person is: inside WeChat, which keeps
 * no files, the pages become pictures (保存报告图片); elsewhere the file is saved (下载报告). `failed` is
 * what /downErr says did not happen.
 */
export function reportAction(): { label: string; failed: string } {
  return isWeChat()
    ? { label: '保存报告图片', failed: '报告图片没有生成' }
    : { label: '下载报告', failed: '报告没有下载成功' };
}

/** What /downErr says did not happen: the report's action, or an attachment's 下载. */
export function failureTitle(source: FileSource): string {
  return source.kind === 'report' ? reportAction().failed : '文件没有下载成功';
}
