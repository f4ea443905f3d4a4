// Request and response shapes of the dataset data calls (PUT/GET /v1/datasets/{id}/data, GET /{id}/query-execution).
import { Type, type Static } from 'typebox';
import { DATASET_UPLOAD_COMPRESSIONS, DateTime, Nullable, StringEnum, Uuid } from '@atlas/domain';

export const UPLOAD_FORMATS = ['csv', 'geojson', 'parquet', 'arrow'] as const;
export const DOWNLOAD_FORMATS = ['arrow', 'csv', 'parquet'] as const;
export const DATA_LOAD_STATUSES = ['queued', 'running', 'success', 'failure'] as const;

export const DataUploadQuery = Type.Object(
  {
    format: Type.Optional(
      StringEnum(UPLOAD_FORMATS, { description: 'The file format; needed when the content type does not say it (e.g. application/octet-stream), except for a zip holding a .csv, .geojson, .parquet or .arrow file' }),
    ),
    compression: Type.Optional(
      StringEnum(DATASET_UPLOAD_COMPRESSIONS, {
        description: 'The body is this file gzip-compressed, or a zip holding it as its one file (also said by Content-Encoding: gzip or an application/gzip or application/zip content type; otherwise told from the first bytes)',
      }),
    ),
    skipArrow: Type.Optional(Type.Boolean({ description: 'Do not write an Arrow copy at upload: Arrow downloads are then encoded from the stored Parquet' })),
  },
  { additionalProperties: false },
);
export type DataUploadQuery = Static<typeof DataUploadQuery>;

export const DataDownloadQuery = Type.Object(
  { format: Type.Optional(StringEnum(DOWNLOAD_FORMATS, { description: 'arrow (default), csv or parquet (the stored file); Accept: text/csv also selects CSV' })) },
  { additionalProperties: false },
);
export type DataDownloadQuery = Static<typeof DataDownloadQuery>;

export const DataLoadExecution = Type.Object(
  {
    id: Uuid({ description: 'The load' }),
    status: StringEnum(DATA_LOAD_STATUSES),
    source: StringEnum(['upload', 'clone', 'hextile', 'vectortile'] as const, { description: 'upload, clone, or a tile build (hextile, vectortile)' }),
    format: Nullable(StringEnum(UPLOAD_FORMATS)),
    dataVersion: Nullable(Type.String({ description: 'Version of the data the load produced (success only)' })),
    rowCount: Nullable(Type.Integer({ minimum: 0 })),
    error: Nullable(Type.String()),
    startedAt: DateTime(),
    finishedAt: Nullable(DateTime()),
  },
  { title: 'DataLoadExecution', description: "The dataset's latest data load, shaped like a query execution" },
);
export type DataLoadExecution = Static<typeof DataLoadExecution>;
