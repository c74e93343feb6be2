// What the import form holds, the format a file name suggests, and the form's checks (pure).
import type { ImportEncoding, ImportMode, TransferFormat } from '@edu/contract';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.import;

export interface ImportSettings {
  file: File | null;
  format?: TransferFormat;
  repoId?: string;
  knowledgeId?: string;
  mode: ImportMode;
  /** Text files: `auto` detects; the preview shows what was detected and lets the user force another. */
  encoding?: ImportEncoding;
}

export type SettingsErrors = Partial<Record<'file' | 'format' | 'repoId', string>>;

/** File types the picker offers. */
export const IMPORT_ACCEPT = '.xml,.gift,.txt,.xlsx';

/** The format a file name's extension suggests: .xml → Moodle, .gift/.txt → GIFT, .xlsx → Excel. */
export function formatFromFileName(name: string): TransferFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xml')) return 'moodle';
  if (lower.endsWith('.gift') || lower.endsWith('.txt')) return 'gift';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return undefined;
}

export const toMb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Why a picked file cannot be sent (over the server's size limit), or null. */
export function fileProblem(file: Pick<File, 'name' | 'size'>, maxBytes: number): string | null {
  return file.size > maxBytes ? T.tooLarge(file.name, toMb(maxBytes)) : null;
}

export function validateSettings(s: ImportSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!s.file) errors.file = T.fileRequired;
  if (!s.format) errors.format = T.formatRequired;
  if (!s.repoId) errors.repoId = T.repoRequired;
  return errors;
}

/** The query of the preview and import calls; only valid settings get here. */
export function importQuery(s: ImportSettings) {
  return { format: s.format, repoId: s.repoId, knowledgeId: s.knowledgeId, mode: s.mode, encoding: s.encoding };
}
