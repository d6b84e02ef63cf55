import { DeskError, type DeskErrorData } from '../../shared/errors';

/** Test support: awaits a promise that must fail with a DeskError and returns its data. */
export async function deskFailure(p: Promise<unknown>): Promise<DeskErrorData> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DeskError) return e.data;
    throw e;
  }
  throw new Error('expected a DeskError');
}
