import { Type, type Static } from 'typebox';
import { Timestamps, Uuid } from '../schema-helpers.js';

/** The three state-record kinds, the record kind each belongs to and the body field naming that record. */
export const STATE_KINDS = {
  'insight-state': { recordKind: 'insight', field: 'insightId', path: '/v1/insight-states', label: 'Insight state' },
  studiostate: { recordKind: 'map', field: 'mapId', path: '/v1/studiostates', label: 'Studio state' },
  'workbook-state': { recordKind: 'workbook', field: 'workbookId', path: '/v1/workbook-states', label: 'Workbook state' },
} as const;
export type StateKind = keyof typeof STATE_KINDS;
export type StateOwnerField = (typeof STATE_KINDS)[StateKind]['field'];

/** Free-form JSON object: a saved editor state (kepler.gl config, dashboard layout, workbook cells). */
export const StateData = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description: 'Free-form JSON object' });
export type StateData = Static<typeof StateData>;

const stateFields = { id: Uuid(), data: StateData, ownerId: Uuid({ description: 'Who saved this state' }), ...Timestamps };

/** A state as a record's latestState shows it: exactly one of insightId, mapId, workbookId is set. */
export const State = Type.Object(
  {
    ...stateFields,
    insightId: Type.Optional(Uuid()),
    mapId: Type.Optional(Uuid()),
    workbookId: Type.Optional(Uuid()),
  },
  { title: 'State' },
);
export type State = Static<typeof State>;

const stateOf = <F extends StateOwnerField>(field: F, title: string) =>
  Type.Object({ ...stateFields, [field]: Uuid() } as typeof stateFields & Record<F, ReturnType<typeof Uuid>>, { title });

export const InsightState = stateOf('insightId', 'InsightState');
export const StudioState = stateOf('mapId', 'StudioState');
export const WorkbookState = stateOf('workbookId', 'WorkbookState');
export const STATE_SCHEMAS = { 'insight-state': InsightState, studiostate: StudioState, 'workbook-state': WorkbookState } as const;
export type InsightState = State & { insightId: string };
export type StudioState = State & { mapId: string };
export type WorkbookState = State & { workbookId: string };

const createOf = <F extends StateOwnerField>(field: F, title: string) =>
  Type.Object({ [field]: Uuid(), data: StateData } as Record<F, ReturnType<typeof Uuid>> & { data: typeof StateData }, {
    additionalProperties: false,
    title,
  });

export const CreateInsightStateRequest = createOf('insightId', 'CreateInsightStateRequest');
export const CreateStudioStateRequest = createOf('mapId', 'CreateStudioStateRequest');
export const CreateWorkbookStateRequest = createOf('workbookId', 'CreateWorkbookStateRequest');
export const CREATE_STATE_SCHEMAS = {
  'insight-state': CreateInsightStateRequest,
  studiostate: CreateStudioStateRequest,
  'workbook-state': CreateWorkbookStateRequest,
} as const;
export type CreateInsightStateRequest = { insightId: string; data: StateData };
export type CreateStudioStateRequest = { mapId: string; data: StateData };
export type CreateWorkbookStateRequest = { workbookId: string; data: StateData };

export const UpdateStateRequest = Type.Object({ data: StateData }, { additionalProperties: false, title: 'UpdateStateRequest' });
export type UpdateStateRequest = { data: StateData };

export const StateUpdateQuery = Type.Object(
  { acquireLock: Type.Optional(Type.Boolean({ description: 'Also take or refresh the lock on the owning record' })) },
  { additionalProperties: false },
);
