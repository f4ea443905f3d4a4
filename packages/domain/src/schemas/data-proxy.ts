// The data proxy (workspace-and-catalogue.md §7 Data gateway, "Kinetica through the proxy"): which Kinetica endpoints
// pass and what each needs on the connection, the call's query, body and answer.
import { Type, type Static } from 'typebox';
import { Uuid } from '../schema-helpers.js';

/** The six endpoints; reading ones need read on the connection, ones that change the warehouse need write. */
export const DATA_PROXY_TARGETS = {
  '/show/table': 'read',
  '/execute/sql': 'read',
  '/get/records': 'read',
  '/drop/schema': 'write',
  '/create/table': 'write',
  '/clear/table': 'write',
} as const;
export type DataProxyTarget = keyof typeof DATA_PROXY_TARGETS;

export const DataProxyQuery = Type.Object(
  {
    type: Type.String({ maxLength: 64, description: 'The connection type: only kinetica is a proxy connection' }),
    target: Type.String({ maxLength: 64, description: `The Kinetica endpoint: ${Object.keys(DATA_PROXY_TARGETS).join(', ')}` }),
    connectionId: Uuid(),
  },
  { additionalProperties: false, title: 'DataProxyQuery' },
);
export type DataProxyQuery = Static<typeof DataProxyQuery>;

export const DataProxyRequest = Type.Record(Type.String(), Type.Unknown(), { title: 'DataProxyRequest', description: "The endpoint's request body, as Kinetica's REST API documents it" });
export type DataProxyRequest = Static<typeof DataProxyRequest>;

export const DataProxyAnswer = Type.Object(
  { status: Type.Literal('OK'), data: Type.Record(Type.String(), Type.Unknown(), { description: "Kinetica's data_str, parsed" }) },
  { title: 'DataProxyAnswer' },
);
export type DataProxyAnswer = Static<typeof DataProxyAnswer>;
