// Images on the board (docs/web.md "The lesson room"): an image element's `fileId` is the id of a file stored through
// the files API (PUT /v1/files), so every client and the replay fetch the same bytes by id (GET /v1/files/:id).
import { FILE_MAX_BYTES, FILE_TYPES } from '@edu/contract';
import type { Call } from '../../api/call';
import { API } from '../../api/routes';
import { BOARD_TEXTS } from './texts';

/** Excalidraw's BinaryFileData, without importing Excalidraw's types into callers. */
export interface BoardFile {
  id: string;
  mimeType: string;
  dataURL: string;
  created: number;
}

interface ElementLike {
  type: string;
  isDeleted: boolean;
  fileId?: string | null;
}

/** The file ids image elements of `elements` show that `known` does not hold yet, each once. */
export function missingFileIds(elements: readonly ElementLike[], known: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const e of elements)
    if (e.type === 'image' && !e.isDeleted && e.fileId && !known.has(e.fileId)) out.add(e.fileId);
  return [...out];
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The stored file `id` as Excalidraw's file data. */
export async function fetchBoardFile(call: Call, id: string): Promise<BoardFile> {
  const file = await call(API.fileGet, { params: { id } });
  return { id, mimeType: file.blob.type || 'image/png', dataURL: await dataUrlOf(file.blob), created: Date.now() };
}

/** Why an image cannot be put on the board (the files API's types and size), or null when it can. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(FILE_TYPES as readonly string[]).includes(file.type)) return BOARD_TEXTS.imageType;
  if (file.size > FILE_MAX_BYTES) return BOARD_TEXTS.imageTooBig;
  return null;
}

/** The longest side an image is put on the board with (Excalidraw's own limit). */
const MAX_SIDE = 1440;

/**
 * A photo over the files API's size scaled down to MAX_SIDE (Excalidraw hands over the file as picked, before its
 * own scaling); others as they are.
 */
export async function shrinkImage(file: File): Promise<Blob> {
  if (file.size <= FILE_MAX_BYTES || file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const encode = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, type === 'image/jpeg' ? 0.85 : undefined));
  const same = await encode(file.type);
  if (same && same.size <= FILE_MAX_BYTES) return same;
  return (await encode('image/jpeg')) ?? file;
}

/** Uploads an image inserted on the board; its stored id becomes the element's fileId (Excalidraw's generateIdForFile). */
export async function uploadBoardImage(call: Call, file: File): Promise<string> {
  const typeProblem = imageProblem({ type: file.type, size: 0 });
  if (typeProblem) throw new Error(typeProblem);
  const blob = await shrinkImage(file);
  const problem = imageProblem({ type: blob.type || file.type, size: blob.size });
  if (problem) throw new Error(problem);
  try {
    const stored = await call(API.fileUpload, { raw: blob });
    return stored.id;
  } catch {
    throw new Error(BOARD_TEXTS.imageFailed);
  }
}

/**
 * Keeps fetching the files `elements` need and hands each to `add` once (failed ones are tried again on the next
 * change of elements). Returns a function that takes the next elements.
 */
export function createFileLoader(call: Call, add: (files: BoardFile[]) => void) {
  const known = new Set<string>();
  return (elements: readonly ElementLike[]) => {
    for (const id of missingFileIds(elements, known)) {
      known.add(id);
      fetchBoardFile(call, id).then(
        (f) => add([f]),
        () => known.delete(id),
      );
    }
  };
}
