import { QUOTA_KEYS, QuotaUsage, StringEnum, Uuid } from '@atlas/domain';
import { Type, type Static } from 'typebox';

// Account merge (POST /v1/admin/merge-accounts, bi-and-admin.md §6–§7; docs/admin.md "Account merge"). The TypeScript
// twins for browsers are in packages/client/src/catalogue/admin.ts.

export const MAX_MERGE_SECONDARIES = 20;

export const MergeAccountsRequest = Type.Object(
  {
    primaryId: Uuid({ description: 'The account that keeps everything' }),
    secondaryIds: Type.Array(Uuid(), {
      minItems: 1,
      maxItems: MAX_MERGE_SECONDARIES,
      uniqueItems: true,
      description: 'Accounts whose records, grants, tags, projects, API key and quota use move to the primary; they are disabled',
    }),
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Ours: true answers what would move and changes nothing' })),
  },
  { additionalProperties: false, title: 'MergeAccountsRequest' },
);
export type MergeAccountsRequest = Static<typeof MergeAccountsRequest>;

/** What moves, per kind (every figure 0 or more). */
export const MERGE_COUNT_KINDS = [
  'maps',
  'insights',
  'workbooks',
  'datasets',
  'mapAssets',
  'projects',
  'projectEntries',
  'queryTemplates',
  'queryBookmarks',
  'dataConnections',
  'sharedParameters',
  'publications',
  'states',
  'queryExecutions',
  'locks',
  'tags',
  'tagAssignments',
  'grantsMoved',
  'grantsMerged',
  'grantsRemoved',
  'apiKeysMoved',
  'apiKeysRevoked',
  'sessionsEnded',
] as const;
export type MergeCountKind = (typeof MERGE_COUNT_KINDS)[number];

const Count = Type.Integer({ minimum: 0 });
export const MergeCounts = Type.Object(Object.fromEntries(MERGE_COUNT_KINDS.map((kind) => [kind, Count])) as Record<MergeCountKind, typeof Count>, {
  title: 'MergeCounts',
  additionalProperties: false,
  description:
    'maps…publications: resources the secondaries owned; projectEntries: entries of those projects; states, queryExecutions, locks: theirs; ' +
    'tags: tags they made; tagAssignments: tags on the resources that move; grantsMoved: grants to a secondary now to the primary; ' +
    'grantsMerged: grants folded into another grant on the same resource (the higher role kept); grantsRemoved: grants made redundant ' +
    '(to a secondary or the primary on what the primary now owns); apiKeysMoved/apiKeysRevoked; sessionsEnded',
});
export type MergeCounts = Static<typeof MergeCounts>;

const Account = Type.Object({ id: Uuid(), email: Type.String(), name: Type.String() });

export const MergeAccountsResult = Type.Object(
  {
    message: Type.String(),
    dryRun: Type.Boolean(),
    primary: Account,
    secondaries: Type.Array(Account),
    counts: MergeCounts,
    quotaUsage: Type.Object({ before: QuotaUsage, after: QuotaUsage }, { description: "The primary's usage before and after the merge" }),
    overLimit: Type.Array(StringEnum(QUOTA_KEYS), { description: 'Quotas the primary is above after the merge (nothing is refused or removed for it)' }),
  },
  { title: 'MergeAccountsResult' },
);
export type MergeAccountsResult = Static<typeof MergeAccountsResult>;
