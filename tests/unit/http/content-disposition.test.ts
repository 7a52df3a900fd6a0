import { describe, expect, it } from 'vitest';
import { cleanFileName, fileNameFromContentDisposition } from '@/lib/http/content-disposition';

describe('fileNameFromContentDisposition', () => {
  it.each([
    // RFC 5987 extended value, as the demo backend and most Chinese servers send it
    [
      "attachment; filename*=UTF-8''%E4%BE%BF%E9%9A%90%E8%A1%80%E6%A3%80%E6%B5%8B%E6%8A%A5%E5%91%8A.pdf",
      '便隐血检测报告.pdf',
    ],
    ["inline; filename*=utf-8'zh-CN'%E6%8A%A5%E5%91%8A.pdf", '报告.pdf'],
    ["attachment; filename*=iso-8859-1''caf%E9.txt", 'café.txt'],
    // filename* wins over filename, in either order
    [`attachment; filename="report.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`, '报告.pdf'],
    [`attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf; filename="report.pdf"`, '报告.pdf'],
    // plain filename: quoted (with ; and escaped quotes inside), token, percent-encoded UTF-8
    ['attachment; filename="检测报告 2026; 终版.pdf"', '检测报告 2026; 终版.pdf'],
    ['attachment; filename="say \\"hi\\".txt"', 'say _hi_.txt'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment;filename=%E6%8A%A5%E5%91%8A.pdf', '报告.pdf'],
    ['ATTACHMENT; FILENAME="Report.PDF"', 'Report.PDF'],
    // a malformed extended value falls back to filename
    ["attachment; filename*=UTF-8''%E6%8A.pdf; filename=fallback.pdf", 'fallback.pdf'],
    // an unknown charset is not guessed at
    ["attachment; filename*=gbk''%B1%A8%B8%E6.pdf; filename=report.pdf", 'report.pdf'],
    // a name that is not valid percent-encoding is kept as sent
    ['attachment; filename="100%.txt"', '100%.txt'],
    // path separators and characters a file system refuses become '_': no way into another folder
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
    ['attachment; filename="C:\\\\temp\\\\a<b>.pdf"', 'C__temp_a_b_.pdf'],
    ['attachment; filename="报告 2026/11/20.pdf"', '报告 2026_11_20.pdf'],
    // a right-to-left override would show this executable as 报告exe.pdf
    ["attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A%E2%80%AEfdp.exe", '报告fdp.exe'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['attachment'],
    ['inline; size=12'],
    ['attachment; filename=""'],
    ['attachment; filename="../"'],
    ['attachment; filename=" . "'],
  ])('%s → no name (the caller uses its fallback)', (header) => {
    expect(fileNameFromContentDisposition(header)).toBeUndefined();
  });
});

describe('cleanFileName', () => {
  it.each([
    // [what, name as sent, name as saved]
    ['a right-to-left override', '报告\u202Efdp.exe', '报告fdp.exe'],
    ['embeddings and a pop', '\u202A报告\u202B.pdf\u202C\u202D', '报告.pdf'],
    ['bidirectional isolates', '报告\u2066exe.\u2067\u2068pdf\u2069', '报告exe.pdf'],
    ['zero-width characters and direction marks', '报\u200B告\u200C.\u200D\u200E\u200Fpdf', '报告.pdf'],
    ['a byte order mark', '\uFEFF报告.pdf', '报告.pdf'],
    ['a soft hyphen and an Arabic letter mark', 'rep\u00ADort\u061C.pdf', 'report.pdf'],
    ['control characters, C0 and C1', 'a\u0000b\u001Fc\u007Fd\u0085e\u009F.txt', 'abcde.txt'],
    ['a Hangul filler', '报告\u3164.pdf', '报告.pdf'],
    ['the other Hangul fillers', '\u115F报\u1160告\uFFA0.pdf', '报告.pdf'],
    ['a line separator', '报告\u2028.exe\u2028.pdf', '报告.exe.pdf'],
    ['a paragraph separator', '报告\u2029.pdf', '报告.pdf'],
    ['a combining grapheme joiner and a variation selector', '报\u034F告\uFE0F.pdf', '报告.pdf'],
    ['a blank Braille pattern', '\u2800报告.pdf', '报告.pdf'],
    ['a Mongolian vowel separator and a word joiner', '报\u180E告\u2060.pdf', '报告.pdf'],
    ['wide and no-break spaces (one space)', '检测\u3000\u00A0报告\u2003.pdf', '检测 报告 .pdf'],
    ['path separators and refused characters', '../a\\b:c*?"<>|.pdf', '.._a_b_c______.pdf'],
    ['ordinary text, kept as it is', '检测报告 2026-11-20（终版）.pdf', '检测报告 2026-11-20（终版）.pdf'],
  ])('removes %s', (_what, name, saved) => {
    expect(cleanFileName(name)).toBe(saved);
  });

  it.each([
    ['format characters only', '\u202E\u200B\uFEFF'],
    ['dots behind an override', '\u202E..'],
    ['Hangul fillers only', '\u3164\u3164'],
    ['separators and blank Braille only', '\u2028\u2800\u2029'],
  ])('leaves no name of %s (the caller uses its fallback)', (_what, name) => {
    expect(cleanFileName(name)).toBeUndefined();
  });
});
