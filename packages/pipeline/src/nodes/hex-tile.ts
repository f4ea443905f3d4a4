import { Messages } from '@atlas/domain';
import { h3ResolutionOf, isH3Cell, MAX_H3_RESOLUTION } from '../h3.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom, integer, optional, uuid } from '../props.js';
import { requireColumn, selectResolved, SOURCE } from './shared.js';

export interface HexTileProps {
  /** The hex tileset dataset (columns h3, optional time, values). */
  readonly uuid: string;
  /** The tile: an H3 cell. */
  readonly tileIndex: string;
  /** When set (1..15): only cells exactly this many resolutions finer than the tile. Otherwise every cell inside it. */
  readonly resolutionOffset?: number;
}

export const hexTileNode: NodeDefinition<'hexTile', HexTileProps> = {
  kind: 'hexTile',
  description: "The rows of a hex tileset whose cells lie inside one tile (an H3 cell).",
  props: {
    uuid: uuid(),
    tileIndex: custom('H3 cell index', (value, site) => {
      const cell = typeof value === 'string' ? value.toLowerCase() : value;
      if (!isH3Cell(cell)) return site.fail('tileIndex must be a valid H3 cell index');
      return cell;
    }, { type: 'string', pattern: '^[0-9a-fA-F]{15,16}$' }),
    resolutionOffset: optional(integer(1, 15)),
  },
  inputs: SOURCE,
  finalize(props, siteOf) {
    if (props.resolutionOffset !== undefined && h3ResolutionOf(props.tileIndex) + props.resolutionOffset > MAX_H3_RESOLUTION) {
      siteOf('resolutionOffset').fail(`the tile's resolution plus resolutionOffset must be at most ${MAX_H3_RESOLUTION}`);
    }
    return props;
  },
  async compile(node, _inputs, state) {
    const propsSite = state.site.at('props');
    state.requireH3(state.site);
    const resolved = await state.resolveDataset(node.props.uuid, propsSite.at('uuid'));
    const h3 = requireColumn(resolved.columns, 'h3', propsSite.at('uuid'), Messages.hexTileIndexMetadata);
    const cell = state.sql.column(h3.name, 't');
    const tileRes = h3ResolutionOf(node.props.tileIndex);
    const conditions = [`atlas_h3_parent(${cell}, CAST(${state.param(tileRes)} AS INTEGER)) = CAST(${state.param(node.props.tileIndex)} AS VARCHAR)`];
    if (node.props.resolutionOffset !== undefined) {
      // A cell is its own parent exactly at its own resolution.
      conditions.push(`atlas_h3_parent(${cell}, CAST(${state.param(tileRes + node.props.resolutionOffset)} AS INTEGER)) = ${cell}`);
    }
    return selectResolved(resolved, state.site, state.sql, conditions.join(' AND '));
  },
};
