// Start-up failures an operator can fix (a wrong setting) are reported as one line naming the setting, never a stack.
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';

/** A start-up step failed because of one setting's value. */
export class SettingError extends Error {
  constructor(
    readonly setting: string,
    cause: unknown,
  ) {
    super(messageOf(cause), { cause });
  }
}

/** For `.catch()`: a step's failure becomes the named setting's. */
export const blame =
  (setting: string) =>
  (error: unknown): never => {
    throw new SettingError(setting, error);
  };

/** The line main.ts prints before exiting 1. Configuration errors already name their setting. */
export function startupFailure(error: unknown): string {
  const reason = error instanceof SettingError ? `${error.setting}: ${error.message}` : messageOf(error);
  return `Atlas Studio could not start. ${reason}`;
}

const FILE_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a file is in the way',
  EEXIST: 'a file is in the way',
  ENOSPC: 'the disk is full',
};

/** Creates the folder if needed and checks it can be written, so DATA_DIR problems are named before anything opens it. */
export async function writableFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
    await access(folder, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new Error(`${folder} is not a writable folder (${FILE_ERRORS[code] ?? messageOf(error)})`, { cause: error });
  }
}

const LISTEN_ERRORS: Record<string, { setting: string; reason: string }> = {
  EADDRINUSE: { setting: 'PORT', reason: 'the port is already in use' },
  EACCES: { setting: 'PORT', reason: 'this user may not listen on the port' },
  EADDRNOTAVAIL: { setting: 'HOST', reason: 'no network interface has this address' },
  ENOTFOUND: { setting: 'HOST', reason: 'the host name does not resolve' },
};

/** For `app.listen().catch()`: names PORT or HOST for the usual reasons a listen fails. */
export const listenFailure =
  (host: string, port: number) =>
  (error: unknown): never => {
    const known = LISTEN_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
    if (!known) throw error;
    throw new SettingError(known.setting, `cannot listen on ${host}:${port}: ${known.reason}`);
  };

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}
