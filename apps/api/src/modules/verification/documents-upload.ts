/**
 * Reads a document submission's multipart body (POST /customer/verification) into memory, within
 * limits enforced while it streams: a file over MAX_DOCUMENT_FILE_BYTES stops being read at the limit
 * and is marked too large (its field gets the error, nothing is kept), at most MAX_FILES files and a
 * few short text fields. The names and types the client gives a file are not read: the file's own
 * bytes say what it is (documents-inspect.ts).
 */
import { DOCUMENT_FILE_KINDS, MAX_DOCUMENT_FILE_BYTES } from '@drawhouse/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

/** front, back and selfie, with one to spare so a stray extra file is named rather than cut off. */
const MAX_FILES = DOCUMENT_FILE_KINDS.length;
const MAX_FIELDS = 4;
const MAX_FIELD_BYTES = 200;

export type UploadedFile = { field: string; bytes: Buffer; tooLarge: boolean };
export type Upload = { fields: Record<string, string>; files: UploadedFile[] };

const tooMany = () =>
  new AppError(400, 'validation_error', 'The submission is not valid: nothing was stored.', {
    general: [
      {
        code: 'too_many_files',
        message: `Send at most ${MAX_FILES} files and the fields method and document_type.`,
      },
    ],
  });

const notMultipart = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'Send the documents as multipart/form-data: method, document_type and the files.',
  );

const errorCode = (error: unknown) => (error as { code?: string }).code;

async function readFile(part: MultipartFile) {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), tooLarge: part.file.truncated === true };
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw notMultipart();
  const upload: Upload = { fields: {}, files: [] };
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_DOCUMENT_FILE_BYTES,
        files: MAX_FILES,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FILES + MAX_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Read to its end (or the limit) whatever it is, so the next part can be read.
        const { bytes, tooLarge } = await readFile(part);
        upload.files.push({ field: part.fieldname, bytes: tooLarge ? Buffer.alloc(0) : bytes, tooLarge });
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw tooMany();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw notMultipart();
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw new AppError(400, 'invalid_body', 'The upload could not be read: nothing was stored.');
    }
    throw error;
  }
  return upload;
}
