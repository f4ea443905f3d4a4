import { FEATURE_FLAGS, StringEnum, Uuid } from '@atlas/domain';
import { Type, type Static } from 'typebox';

// Account provisioning (POST /v1/admin/pipelines/provision-account, bi-and-admin.md §6–§7; docs/admin.md
// "Account provisioning"). The TypeScript twins for browsers are in packages/client/src/catalogue/admin.ts.

export const ProvisionAccountRequest = Type.Object(
  {
    organizationId: Uuid(),
    demoData: Type.Optional(
      Type.Boolean({ default: false, description: 'Ours: also load a small synthetic foot-traffic panel (four datasets owned by a maker of the organization)' }),
    ),
  },
  { additionalProperties: false, title: 'ProvisionAccountRequest' },
);
export type ProvisionAccountRequest = Static<typeof ProvisionAccountRequest>;

export const DEMO_DATA_STATUSES = ['not-requested', 'loaded', 'already-loaded'] as const;

export const ProvisionAccountResult = Type.Object(
  {
    message: Type.String(),
    organization: Type.Object({ id: Uuid(), name: Type.String() }),
    makerQuotaPolicy: Type.String({ description: 'The policy its makers get' }),
    flagsEnabled: Type.Array(StringEnum(FEATURE_FLAGS), { description: 'Default feature flags switched on now (flags already set are left as they are)' }),
    demoData: Type.Object({
      status: StringEnum(DEMO_DATA_STATUSES),
      ownerId: Type.Union([Uuid(), Type.Null()], { description: 'The maker owning the demo datasets' }),
      visits: Type.Integer({ minimum: 0, description: 'Size of the synthetic panel loaded now (0 unless loaded)' }),
      datasets: Type.Array(Type.Object({ id: Uuid(), name: Type.String(), table: Type.String() })),
    }),
  },
  { title: 'ProvisionAccountResult' },
);
export type ProvisionAccountResult = Static<typeof ProvisionAccountResult>;
