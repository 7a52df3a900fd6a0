import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One file of the corpus, as tests/corpus/make-report-corpus.py describes it in its manifest. */
export interface CorpusFile {
  /** File name in the corpus folder, e.g. cid-gbk-euc.pdf. */
  name: string;
  /** The kind of file it stands for (a row of issue 69). */
  row: string;
  pages: number;
  /** Text on page 1 (pdf.js's text content); null for a scan, which has none, and a file that does not open. */
  text: string | null;
  /** Why the file cannot be read: a password to open it, or damage; null when it reads. */
  problem: 'locked' | 'damaged' | null;
  /** Page 1 as poppler draws it, small and grey (PNG in the folder), for a file that reads. */
  reference?: string;
}

const SCRIPT = new URL('./make-report-corpus.py', import.meta.url);
/** Debian's Python, whose python3-reportlab and img2pdf the script imports (not a pyenv one on PATH). */
const PYTHON = '/usr/bin/python3';

/**
 * The corpus, made by its script once per version of the script (into the system's temporary folder,
 * shared by the test workers, which may ask at once: each makes its own and the first one kept wins).
 */
export function reportCorpus(): { dir: string; files: CorpusFile[] } {
  const script = readFileSync(SCRIPT);
  const dir = join(
    tmpdir(),
    `report-corpus-${createHash('sha256').update(script).digest('hex').slice(0, 12)}`,
  );
  if (!existsSync(join(dir, 'manifest.json'))) {
    const making = `${dir}.${process.pid}`;
    const made = spawnSync(PYTHON, [SCRIPT.pathname, making], { encoding: 'utf8' });
    if (made.status !== 0) {
      throw new Error(
        `make-report-corpus.py failed (needs Debian's python3-reportlab, img2pdf, qpdf, poppler-utils, ` +
          `chromium-headless-shell, fonts-wqy-microhei; .ci/run installs them):\n${made.stderr}`,
      );
    }
    try {
      renameSync(making, dir);
    } catch {
      rmSync(making, { recursive: true, force: true }); // another worker's is there already
    }
  }
  return { dir, files: JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as CorpusFile[] };
}

/** A corpus file's bytes. */
export function corpusBytes(dir: string, file: CorpusFile): Buffer {
  return readFileSync(join(dir, file.name));
}
