import { AppStatusCode, MAP_ASSET_METADATA, type MapAssetType } from '@atlas/domain';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { AppError } from '../../http/errors.js';
import { validatorCompiler } from '../../http/validation.js';

// The body schema accepts any of the types' metadata; which one applies depends on the asset's type, checked here
// with the app's own body validator so the answer reads like every other validation failure.
const validators = Object.fromEntries(
  Object.entries(MAP_ASSET_METADATA).map(([type, schema]) => [type, validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' }) as ValidateFunction]),
) as Record<MapAssetType, ValidateFunction>;

const describe = (error: ErrorObject) => {
  const where = `body/metadata${error.instancePath}`;
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  return extra ? `${where} must not have property '${extra}'` : `${where} ${error.message ?? 'is invalid'}`;
};

/** 400 VALIDATION_FAILED unless `metadata` fits the asset type (a palette needs metadata.palette.colors of #rrggbb). */
export function assertMetadata(type: MapAssetType, metadata: Record<string, unknown>): void {
  const validate = validators[type];
  if (validate(metadata)) return;
  throw new AppError(400, 'Invalid request body', AppStatusCode.ValidationFailed, (validate.errors ?? []).map(describe).join('; '));
}

/**
 * JSON.stringify replacer for what records keep (their metadata, saved states): drops every `accessToken` member. A
 * kepler.gl config embeds its custom styles' tokens, and a record shows what it keeps to all its readers, so a style's
 * token lives only on the style, where its presenter shows it to the style's owner alone.
 */
export const dropAccessTokens = (key: string, value: unknown): unknown => (key === 'accessToken' ? undefined : value);
