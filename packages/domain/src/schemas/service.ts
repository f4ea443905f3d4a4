import { Type, type Static } from 'typebox';
import { FEATURE_FLAGS, PROXY_CONNECTION_TYPES, STORAGE_CONNECTION_TYPES, WAREHOUSE_CONNECTION_TYPES } from '../enums.js';
import { DateTime, StringEnum } from '../schema-helpers.js';
import { QuotaLimits } from './identity.js';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  database: StringEnum(['pglite', 'postgres'] as const),
  time: DateTime(),
});
export type Health = Static<typeof Health>;

export const Tier = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String(), limits: QuotaLimits });
export const Tiers = Type.Object({ tiers: Type.Array(Tier) });
export type Tiers = Static<typeof Tiers>;

export const StaticConfigs = Type.Object({
  version: Type.String(),
  featureFlags: Type.Array(StringEnum(FEATURE_FLAGS)),
  connectors: Type.Object({
    warehouse: Type.Array(StringEnum(WAREHOUSE_CONNECTION_TYPES)),
    storage: Type.Array(StringEnum(STORAGE_CONNECTION_TYPES)),
    proxy: Type.Array(StringEnum(PROXY_CONNECTION_TYPES)),
  }),
  limits: Type.Record(Type.String(), Type.Number()),
});
export type StaticConfigs = Static<typeof StaticConfigs>;
