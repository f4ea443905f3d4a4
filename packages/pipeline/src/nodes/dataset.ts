import type { NodeDefinition } from '../node-definition.js';
import { uuid } from '../props.js';
import { SOURCE, selectResolved } from './shared.js';

export interface DatasetProps {
  /** The dataset's id (a UUID, stored lower-case). */
  readonly uuid: string;
}

export const datasetNode: NodeDefinition<'dataset', DatasetProps> = {
  kind: 'dataset',
  description: 'Every row of a stored dataset, as the engine resolves it.',
  props: { uuid: uuid() },
  inputs: SOURCE,
  async compile(node, _inputs, state) {
    const resolved = await state.resolveDataset(node.props.uuid, state.site.at('props').at('uuid'));
    return selectResolved(resolved, state.site, state.sql);
  },
};
