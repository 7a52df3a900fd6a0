import type { UnreadableFile } from '@/lib/file-download';

/**
 * What a person is told. A locked file opens with its password only, which nobody gives this app: asking
 * again cannot help, the screening site can send it without one. A damaged one may have been cut off on
 * the way, so fetching it again may help.
 */
const MESSAGES: Record<UnreadableFile, string> = {
  locked: '这份报告文件设有密码保护，无法在这里打开。请联系为您登记的筛查点，请他们提供没有密码的报告。',
  damaged: '文件已损坏或不是 PDF，无法打开。请稍后重试；仍打不开时请联系筛查点。',
};

/** A file pdf.js cannot open (or whose page 1 it cannot draw), with what to tell the person. */
export class UnreadablePdfError extends Error {
  readonly problem: UnreadableFile;
  constructor(problem: UnreadableFile) {
    super(MESSAGES[problem]);
    this.name = 'UnreadablePdfError';
    this.problem = problem;
  }
}
