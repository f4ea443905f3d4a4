// What the password prompt says after a failed try: the server's error as "message (details)", and whether trying
// again now makes sense.
import { ApiError } from '@atlas/client';
import { errorText } from '../../api/errors';

export interface UnlockFailure {
  text: string;
  /** Too many failed tries: the item (or this address) is locked for a while; the server says how long. */
  locked: boolean;
}

export function unlockFailure(error: unknown): UnlockFailure {
  const locked = error instanceof ApiError && error.status === 429;
  return { text: errorText(error), locked };
}
