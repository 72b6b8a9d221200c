import { createReadStream } from 'node:fs';

/** Where a file part's bytes come from. A path is opened only when the body is sent. */
export type PartSource =
  | { readonly kind: 'path'; readonly path: string; readonly size: number }
  | { readonly kind: 'blob'; readonly blob: Blob }
  | { readonly kind: 'stream'; readonly stream: AsyncIterable<Uint8Array> };

/** One field of a multipart/form-data body. */
export type MultipartPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly fileName: string; readonly contentType: string; readonly source: PartSource };

export interface MultipartBody {
  readonly contentType: string;
  /** Total bytes when every part's size is known (no stream parts), else undefined (chunked). */
  readonly length: number | undefined;
  /** Yields the body chunk by chunk; files are read as they are sent, never held whole. */
  chunks(): AsyncIterable<Uint8Array>;
}

const encoder = new TextEncoder();

/**
 * Encodes parts as a streamed multipart/form-data body (RFC 7578).
 *
 * @example
 * const body = multipartBody([{ name: 'target_0', value: 'es-ES' }], 'vsynth-boundary')
 * for await (const chunk of body.chunks()) socket.write(chunk)
 */
export function multipartBody(parts: readonly MultipartPart[], boundary: string): MultipartBody {
  const heads = parts.map((part) => encoder.encode(`--${boundary}\r\n${partHeaders(part)}\r\n`));
  const crlf = encoder.encode('\r\n');
  const tail = encoder.encode(`--${boundary}--\r\n`);
  let length: number | undefined = tail.length;
  parts.forEach((part, index) => {
    const size = 'value' in part ? encoder.encode(part.value).length : sourceSize(part.source);
    length =
      length === undefined || size === undefined
        ? undefined
        : length + (heads[index]?.length ?? 0) + size + crlf.length;
  });
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    async *chunks() {
      for (const [index, part] of parts.entries()) {
        yield heads[index] ?? new Uint8Array();
        if ('value' in part) yield encoder.encode(part.value);
        else yield* sourceChunks(part.source);
        yield crlf;
      }
      yield tail;
    },
  };
}

function partHeaders(part: MultipartPart): string {
  if ('value' in part) return `Content-Disposition: form-data; name="${quote(part.name)}"\r\n`;
  return `Content-Disposition: form-data; name="${quote(part.name)}"; filename="${quote(part.fileName)}"\r\nContent-Type: ${part.contentType}\r\n`;
}

/** Quotes a header parameter the way browsers do (WHATWG multipart/form-data encoding). */
function quote(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

function sourceSize(source: PartSource): number | undefined {
  if (source.kind === 'path') return source.size;
  if (source.kind === 'blob') return source.blob.size;
  return undefined;
}

async function* sourceChunks(source: PartSource): AsyncIterable<Uint8Array> {
  if (source.kind === 'path') {
    for await (const chunk of createReadStream(source.path)) yield chunk as Uint8Array;
  } else if (source.kind === 'blob') {
    for await (const chunk of source.blob.stream()) yield chunk;
  } else {
    for await (const chunk of source.stream) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
  }
}
