/**
 * What an uploaded file is, read from its bytes (file-type's signatures, never its name or the type
 * the client claimed), its pixels (sharp reads the image's header), and the bytes kept of it: an image
 * is decoded and encoded again, turned upright by its EXIF orientation first, so its metadata (EXIF
 * with the camera's GPS position, XMP, comments, ICC) is not kept. A PDF form is kept as sent: only
 * operators ever read it.
 */
import { createHash } from 'node:crypto';
import {
  DOCUMENT_CONTENT_TYPES,
  type DocumentContentType,
  type InspectedFile,
  MAX_DOCUMENT_IMAGE_PIXELS,
} from '@drawhouse/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { UploadedFile } from './documents-upload.ts';

export type CheckedFile = InspectedFile & { original: Buffer };

const isAccepted = (mime: string): mime is DocumentContentType =>
  (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(mime);

const SHARP_OPTIONS = { limitInputPixels: MAX_DOCUMENT_IMAGE_PIXELS, failOn: 'error' as const };

/** Type and pixels of one uploaded file (nothing decoded beyond the image's header). */
export async function inspectFile(file: UploadedFile): Promise<CheckedFile> {
  const base = { kind: file.field, bytes: file.bytes.length, tooLarge: file.tooLarge, original: file.bytes };
  if (file.tooLarge || file.bytes.length === 0) {
    return { ...base, contentType: null, width: null, height: null };
  }
  const found = await fileTypeFromBuffer(file.bytes);
  const contentType = found && isAccepted(found.mime) ? found.mime : null;
  if (contentType === null || contentType === 'application/pdf') {
    return { ...base, contentType, width: null, height: null };
  }
  try {
    const meta = await sharp(file.bytes, { failOn: 'error' }).metadata();
    // Turned a quarter (EXIF orientation 5 to 8), the photo's sides swap.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      ...base,
      contentType,
      width: (turned ? meta.height : meta.width) ?? null,
      height: (turned ? meta.width : meta.height) ?? null,
    };
  } catch {
    // A file with an image's signature that sharp cannot read: unreadable, said under its field.
    return { ...base, contentType, width: null, height: null };
  }
}

export type StoredFile = {
  kind: string;
  contentType: DocumentContentType;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
  sha256: string;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bytes kept of a file the domain accepted: images re-encoded without their metadata. */
export async function strippedFile(file: CheckedFile): Promise<StoredFile> {
  const contentType = file.contentType;
  if (contentType === null) throw new Error(`file ${file.kind} was not accepted`);
  if (contentType === 'application/pdf') {
    return {
      kind: file.kind,
      contentType,
      bytes: file.original,
      width: null,
      height: null,
      sha256: sha256(file.original),
    };
  }
  const image = sharp(file.original, SHARP_OPTIONS).rotate();
  const encoded = contentType === 'image/png' ? image.png() : image.jpeg({ quality: 90, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return {
    kind: file.kind,
    contentType,
    bytes: data,
    width: info.width,
    height: info.height,
    sha256: sha256(data),
  };
}

/** The fingerprint of what was sent, for the Idempotency-Key: the fields and each file's hash. */
export function uploadFingerprint(fields: Record<string, string>, files: readonly CheckedFile[]) {
  return {
    fields,
    files: files.map((f) => ({ kind: f.kind, sha256: sha256(f.original), tooLarge: f.tooLarge })),
  };
}
