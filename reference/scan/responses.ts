/**
 * How Scan writes its answers: 200 bodies as compact JSON, `{error}` bodies pretty-printed by circe
 * (`Json.toString`, two-space indent, `" : "` between key and value), and Pekko's own rejections as
 * text/plain.
 */

export interface ScanResponse {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export const JSON_CONTENT_TYPE = 'application/json';
export const TEXT_CONTENT_TYPE = 'text/plain; charset=UTF-8';

export function jsonOk(value: unknown): ScanResponse {
  return { status: 200, contentType: JSON_CONTENT_TYPE, body: JSON.stringify(value) };
}

export function circePretty(value: Record<string, string>): string {
  const fields = Object.entries(value).map(([key, text]) => `  ${JSON.stringify(key)} : ${JSON.stringify(text)}`);
  return fields.length === 0 ? '{\n}' : `{\n${fields.join(',\n')}\n}`;
}

export function errorResponse(status: number, message: string, asPlainText = false): ScanResponse {
  return asPlainText ? textResponse(status, message) : { status, contentType: JSON_CONTENT_TYPE, body: circePretty({ error: message }) };
}

export function textResponse(status: number, text: string, headers?: Record<string, string>): ScanResponse {
  return headers ? { status, contentType: TEXT_CONTENT_TYPE, body: text, headers } : { status, contentType: TEXT_CONTENT_TYPE, body: text };
}
