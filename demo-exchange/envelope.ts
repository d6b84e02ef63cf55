/** The response envelope every endpoint answers with: {code, msg, requestTime, data}. */
import { SUCCESS_CODE } from './api-error';

export function successJson(requestTime: number, data: unknown): string {
  return JSON.stringify({ code: SUCCESS_CODE, msg: 'success', requestTime, data });
}

export function errorJson(code: string, msg: string, requestTime: number): string {
  return JSON.stringify({ code, msg, requestTime, data: null });
}

/**
 * Head of a success envelope whose data is spliced in as pre-serialized JSON; the caller appends
 * `data` and the closing brace. Key order matches JSON.stringify of the object form above.
 */
export function successHead(requestTime: number): string {
  return `{"code":"${SUCCESS_CODE}","msg":"success","requestTime":${requestTime},"data":`;
}
