/** The renderer's access to main: window.desk, unwrapped into values or thrown DeskErrors. */
import { unwrap, type DeskResult, type Method, type RequestOf, type ResponseOf } from '../../../shared/contract';

export function call<M extends Method>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>> {
  const fn = window.desk[method] as unknown as (r: RequestOf<M>) => Promise<DeskResult<ResponseOf<M>>>;
  return unwrap(fn(request));
}
