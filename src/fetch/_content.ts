/**
 * What a response body is: its media type from the header, its charset, and
 * a sniff of its bytes when the header is missing, generic or wrong.
 *
 * The header decides for HTML, JSON, Markdown and the media that are binary
 * by nature (images, audio, video, fonts, PDF, archives); a generic type
 * (`application/octet-stream`, none, or an unknown `application/*`) is
 * sniffed. Pure: this module never does I/O.
 *
 * @module
 */

import { detectKind } from "../store/mod.ts";
import type { ContentKind } from "../store/mod.ts";

/** How a body is turned into indexable text. */
export type BodyShape = "html" | ContentKind | "binary";

const SNIFF_BYTES = 8192;

const BINARY_PREFIXES = ["image/", "audio/", "video/", "font/", "model/"];
const BINARY_TYPES = new Set([
  "application/pdf",
  "application/zip",
  "application/gzip",
  "application/x-gzip",
  "application/x-tar",
  "application/x-7z-compressed",
  "application/x-rar-compressed",
  "application/x-bzip2",
  "application/x-xz",
  "application/zstd",
  "application/wasm",
  "application/java-archive",
  "application/x-msdownload",
  "application/vnd.ms-excel",
  "application/msword",
  "application/vnd.ms-powerpoint",
  "application/x-protobuf",
  "application/vnd.sqlite3",
  "application/x-sqlite3",
]);
const TEXT_APPLICATION_TYPES = new Set([
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/typescript",
  "application/x-sh",
  "application/x-httpd-php",
  "application/sql",
  "application/graphql",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/x-ndjson",
  "application/jsonl",
  "application/csv",
  "application/rtf",
]);

/**
 * The media type of a `Content-Type` header, lower case, without parameters.
 *
 * @param contentType The header value, or `""`.
 * @returns E.g. `text/html`; `""` when there is none.
 */
export function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * Whether the header alone says the body is binary, so it need not be read.
 *
 * @param contentType The `Content-Type` header.
 * @returns The refusal reason, or `undefined` when the body must be looked at.
 */
export function binaryByHeader(contentType: string): string | undefined {
  const type = mediaType(contentType);
  const binary = BINARY_PREFIXES.some((prefix) => type.startsWith(prefix)) ||
    BINARY_TYPES.has(type) ||
    (type.startsWith("application/vnd.") && !isJsonType(type) &&
      !type.endsWith("+xml"));
  return binary ? binaryReason(type) : undefined;
}

/**
 * The one-line reason binary content is refused.
 *
 * @param type The media type, or `""` when the bytes told.
 * @returns E.g. `binary content (image/png) is not indexed`.
 */
export function binaryReason(type: string): string {
  return `binary content (${type || "sniffed"}) is not indexed`;
}

/**
 * Decodes a body with the charset of its header, its byte-order mark, or (for
 * HTML) its `<meta charset>`; UTF-8 otherwise. Unknown charsets fall back to UTF-8.
 *
 * @param bytes The body.
 * @param contentType The `Content-Type` header.
 * @returns The text, without a byte-order mark.
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const label = charsetOf(contentType) ?? bomCharset(bytes) ??
    metaCharset(bytes) ?? "utf-8";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder();
  }
  return decoder.decode(bytes);
}

/**
 * Decides how to index a body.
 *
 * @param contentType The `Content-Type` header.
 * @param bytes The raw body (for sniffing binary content).
 * @param text The decoded body.
 * @param name The last segment of the URL path (its extension is a hint).
 * @returns `html` to convert, a knowledge-base kind, or `binary` to refuse.
 */
export function shapeOf(
  contentType: string,
  bytes: Uint8Array,
  text: string,
  name: string,
): BodyShape {
  const type = mediaType(contentType);
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (isJsonType(type)) return "json";
  if (type === "text/markdown" || type === "text/x-markdown") {
    return "markdown";
  }
  if (looksBinary(bytes, text, contentType)) return "binary";
  const textual = type.startsWith("text/") || type.endsWith("+xml") ||
    TEXT_APPLICATION_TYPES.has(type);
  if (!textual && looksLikeHtml(text)) return "html";
  const kind = detectKind(name, text);
  return kind === "binary" ? "binary" : kind;
}

function isJsonType(type: string): boolean {
  return type === "application/json" || type === "text/json" ||
    type.endsWith("+json");
}

function looksBinary(
  bytes: Uint8Array,
  text: string,
  contentType: string,
): boolean {
  const charset = charsetOf(contentType) ?? bomCharset(bytes);
  // Judging the raw bytes as UTF-8 is only fair when the body claims UTF-8.
  const sample = charset === undefined || charset === "utf-8"
    ? bytes.subarray(0, SNIFF_BYTES)
    : text.slice(0, SNIFF_BYTES);
  return detectKind("", sample) === "binary";
}

function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 1024).replace(/^\uFEFF/, "").trimStart()
    .replace(/^(?:<!--[\s\S]*?-->\s*|<\?xml[^>]*>\s*)*/, "");
  return /^<(?:!doctype\s+html|html|head|body)[\s>]/i.test(head);
}

function charsetOf(contentType: string): string | undefined {
  const match = contentType.match(/;\s*charset\s*=\s*"?([^";\s]+)/i);
  return match?.[1] ? normaliseCharset(match[1]) : undefined;
}

function bomCharset(bytes: Uint8Array): string | undefined {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return "utf-8";
  if (a === 0xff && b === 0xfe) return "utf-16le";
  if (a === 0xfe && b === 0xff) return "utf-16be";
  return undefined;
}

function metaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const match = head.match(/<meta[^>]+charset\s*=\s*["']?([\w:.-]+)/i);
  return match?.[1] ? normaliseCharset(match[1]) : undefined;
}

function normaliseCharset(label: string): string {
  const lower = label.toLowerCase();
  return lower === "utf8" ? "utf-8" : lower;
}
