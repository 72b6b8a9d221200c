import { SandboxHttpError } from './sandbox-http-error.js';

/** The headers of one part of a multipart/form-data body. */
export interface MultipartPartInfo {
  readonly name: string;
  /** Present for file parts. */
  readonly fileName: string | undefined;
  readonly contentType: string | undefined;
}

/** Receives a file part's bytes as they arrive; `write` may return a promise for backpressure. */
export interface MultipartFileSink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

export interface ParseMultipartOptions {
  /** The `boundary` parameter of the Content-Type. */
  readonly boundary: string;
  /** Largest body in bytes (all parts with their headers); more is a 413. */
  readonly limit: number;
  /** Largest text field value in bytes. Default 64 KiB. */
  readonly maxFieldBytes?: number;
  /** Most parts, text and file together. Default 50. */
  readonly maxParts?: number;
  /** Most bytes of all text field values together. Default 1 MiB. */
  readonly maxTextBytes?: number;
  /** Called for each file part; the sink receives its bytes. */
  readonly onFile: (part: MultipartPartInfo) => Promise<MultipartFileSink> | MultipartFileSink;
}

/** Parts of a form the sandbox reads at most by default: the dubbing form has 27 known fields. */
export const DEFAULT_MAX_FORM_PARTS = 50;
/** Bytes of all text fields of a form together, by default. */
export const DEFAULT_MAX_FORM_TEXT_BYTES = 1024 * 1024;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Reads a multipart/form-data body as a stream: text fields are collected, file parts are handed
 * chunk by chunk to a sink (so a 2 GB video is never held in memory). Throws a 413
 * `SandboxHttpError` past `limit` bytes, `maxParts` parts or `maxTextBytes` of text, as soon as
 * it is passed, and a 400 for a malformed body or a part name given twice.
 *
 * @example
 * const fields = await parseMultipart(request, { boundary, limit: 2 ** 31, onFile: (part) => sinkFor(part) });
 */
export async function parseMultipart(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  options: ParseMultipartOptions,
): Promise<Record<string, string>> {
  const delimiter = Buffer.from(`\r\n--${options.boundary}`);
  const first = delimiter.subarray(2);
  const maxField = options.maxFieldBytes ?? 64 * 1024;
  const maxParts = options.maxParts ?? DEFAULT_MAX_FORM_PARTS;
  const maxText = options.maxTextBytes ?? DEFAULT_MAX_FORM_TEXT_BYTES;
  const fields: Record<string, string> = {};
  const names = new Set<string>();
  let textBytes = 0;
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let buffer: Buffer = Buffer.alloc(0);
  let received = 0;
  let part: MultipartPartInfo | undefined;
  let sink: MultipartFileSink | undefined;
  let fieldChunks: Buffer[] = [];
  let fieldBytes = 0;

  const emit = async (chunk: Buffer) => {
    if (chunk.length === 0 || part === undefined) return;
    if (sink !== undefined) {
      await sink.write(chunk);
      return;
    }
    fieldBytes += chunk.length;
    textBytes += chunk.length;
    if (textBytes > maxText)
      throw new SandboxHttpError(
        413,
        'payload_too_large',
        `The form's text fields hold more than ${maxText} bytes together (maxFormTextBytes).`,
      );
    if (fieldBytes > maxField)
      throw new SandboxHttpError(
        413,
        'payload_too_large',
        `Form field "${part.name}" is longer than ${maxField} bytes.`,
      );
    fieldChunks.push(Buffer.from(chunk));
  };

  const finishPart = async () => {
    if (part === undefined) return;
    if (sink !== undefined) await sink.end();
    else fields[part.name] = Buffer.concat(fieldChunks).toString('utf8');
    part = undefined;
    sink = undefined;
    fieldChunks = [];
    fieldBytes = 0;
  };

  for await (const raw of source) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    received += chunk.length;
    if (received > options.limit) {
      throw new SandboxHttpError(
        413,
        'payload_too_large',
        `The upload is larger than the sandbox's limit of ${options.limit} bytes (maxUploadBytes; vsynth sandbox --max-upload-mb).`,
      );
    }
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    let progressed = true;
    while (progressed) {
      progressed = false;
      if (state === 'preamble') {
        const at = buffer.indexOf(first);
        if (at === -1) {
          buffer = buffer.subarray(Math.max(0, buffer.length - first.length + 1));
        } else {
          buffer = buffer.subarray(at + first.length);
          state = 'after-delimiter';
          progressed = true;
        }
      } else if (state === 'after-delimiter') {
        if (buffer.length >= 2) {
          const next = buffer.subarray(0, 2).toString('latin1');
          buffer = buffer.subarray(2);
          if (next === '--') state = 'done';
          else if (next === '\r\n') state = 'headers';
          else throw malformed('a boundary is followed by neither CRLF nor "--"');
          progressed = true;
        }
      } else if (state === 'headers') {
        const at = buffer.indexOf(HEADER_END);
        if (at === -1) {
          if (buffer.length > MAX_HEADER_BYTES) throw malformed('a part has more than 16 KiB of headers');
        } else {
          part = parseHeaders(buffer.subarray(0, at).toString('utf8'));
          if (names.size >= maxParts) {
            throw new SandboxHttpError(
              413,
              'payload_too_large',
              `The form has more than ${maxParts} parts (maxFormParts).`,
            );
          }
          if (names.has(part.name)) {
            throw new SandboxHttpError(
              400,
              'invalid_request',
              `The form has a second "${part.name.slice(0, 100)}" part; send each field once.`,
              {
                issues: [
                  { code: 'rule', severity: 'error', path: [part.name], message: `${part.name} is given twice` },
                ],
              },
            );
          }
          names.add(part.name);
          buffer = buffer.subarray(at + HEADER_END.length);
          if (part.fileName !== undefined) sink = await options.onFile(part);
          state = 'body';
          progressed = true;
        }
      } else if (state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            await emit(buffer.subarray(0, buffer.length - keep));
            buffer = buffer.subarray(buffer.length - keep);
          }
        } else {
          await emit(buffer.subarray(0, at));
          await finishPart();
          buffer = buffer.subarray(at + delimiter.length);
          state = 'after-delimiter';
          progressed = true;
        }
      }
    }
    // Copy the small remainder so the large chunk it came from can be collected.
    if (buffer.length > 0 && buffer.length < 64 * 1024) buffer = Buffer.from(buffer);
  }
  if (state !== 'done')
    throw malformed(
      state === 'preamble'
        ? 'no part was found (is the boundary right?)'
        : 'the body ended before the closing boundary',
    );
  return fields;
}

/** The boundary of a `multipart/form-data` Content-Type, else undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function parseHeaders(text: string): MultipartPartInfo {
  let disposition = '';
  let contentType: string | undefined;
  for (const line of text.split(CRLF.toString())) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? /\bname=([^;\s]+)/i.exec(disposition)?.[1];
  if (name === undefined) throw malformed('a part has no Content-Disposition name');
  const encoded = /\bfilename\*=(?:UTF-8|utf-8)''([^;\s]+)/.exec(disposition)?.[1];
  const fileName =
    encoded !== undefined
      ? safeDecode(encoded)
      : (/\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? /\bfilename=([^;\s]+)/i.exec(disposition)?.[1]);
  return { name, fileName, contentType };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function malformed(why: string): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_request', `The multipart/form-data body is malformed: ${why}.`);
}
