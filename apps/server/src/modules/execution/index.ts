// Query execution, the one home of running queries that the query service (modules/query) and the data-queries
// routes both use: the per-app context, execution records with the result cache in front, Arrow replies, and
// pipelines parsed once, then run in the embedded engine or on their connection.
export { interruptQuery, queryContext, type QueryContext } from './context.js';
export {
  cancelExecution,
  executionIdOf,
  executionNotFound,
  resolveCacheMode,
  runTracked,
  startExecution,
  type ExecutionSpec,
  type ExecutionStart,
} from './executions.js';
export * as executionRecords from './executions-repo.js';
export { drain } from './arrow-tap.js';
export { ARROW_STREAM_TYPE, assertArrowAccepted, sendArrow, withExecutionHeader } from './arrow-reply.js';
export { noData, pipelineDatasets, pipelineError, preparePipeline, readPipeline, type PreparedPipeline } from './pipeline.js';
export { connectionQueryHash, queryConnection } from './connection-pipeline.js';
export { runPipeline, type RunOptions } from './run-pipeline.js';
