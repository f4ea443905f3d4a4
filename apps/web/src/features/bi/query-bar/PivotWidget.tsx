import { useId } from 'react';
import type { Labels, QueryParameter } from '@atlas/domain';
import { Glyph } from './Glyph';
import { optionLabel } from './options';
import { addDimension, otherAxis, PIVOT_AXES, pivotLayout, removeDimension, shiftDimension, unusedDimensions, type PivotAxis } from './pivot';

interface PivotWidgetProps {
  parameter: QueryParameter;
  labels: Labels;
  value: unknown;
  onChange(value: unknown): void;
}

const AXIS_NAMES: Record<PivotAxis, string> = { rows: 'Rows', columns: 'Columns' };

/** PIVOT_TABLE: the dimensions on rows and on columns; add, remove, reorder, move to the other axis; none twice. */
export function PivotWidget({ parameter, labels, value, onChange }: PivotWidgetProps) {
  const id = useId();
  const layout = pivotLayout(value);
  const unused = unusedDimensions(layout, parameter.availableValues ?? []);
  const label = (dimension: string) => optionLabel(parameter, labels, dimension);

  return (
    <div className="qb-pivot">
      {PIVOT_AXES.map((axis) => (
        <div key={axis} className="qb-pivot__axis">
          <span className="qb-pivot__axis-name" id={`${id}-${axis}`}>
            {AXIS_NAMES[axis]}
          </span>
          <ol className="qb-pivot__list" aria-labelledby={`${id}-${axis}`}>
            {layout[axis].length === 0 && <li className="qb-pivot__empty">None</li>}
            {layout[axis].map((dimension, index) => {
              const name = label(dimension);
              return (
                <li key={dimension} className="qb-pivot__item">
                  <span className="qb-pivot__label">{name}</span>
                  <button
                    type="button"
                    className="qb-icon-button"
                    aria-label={`Move ${name} earlier`}
                    disabled={index === 0}
                    onClick={() => onChange(shiftDimension(layout, dimension, -1))}
                  >
                    <Glyph name="chevronLeft" />
                  </button>
                  <button
                    type="button"
                    className="qb-icon-button"
                    aria-label={`Move ${name} later`}
                    disabled={index === layout[axis].length - 1}
                    onClick={() => onChange(shiftDimension(layout, dimension, 1))}
                  >
                    <Glyph name="chevronRight" />
                  </button>
                  <button
                    type="button"
                    className="qb-icon-button"
                    aria-label={`Move ${name} to ${AXIS_NAMES[otherAxis(axis)].toLowerCase()}`}
                    title={`Move to ${AXIS_NAMES[otherAxis(axis)].toLowerCase()}`}
                    onClick={() => onChange(addDimension(layout, otherAxis(axis), dimension))}
                  >
                    <Glyph name="swap" />
                  </button>
                  <button
                    type="button"
                    className="qb-icon-button"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(removeDimension(layout, dimension))}
                  >
                    <Glyph name="close" />
                  </button>
                </li>
              );
            })}
          </ol>
          {unused.length > 0 && (
            <select
              className="qb-input qb-input--select qb-pivot__add"
              aria-label={`Add to ${AXIS_NAMES[axis].toLowerCase()}`}
              value=""
              onChange={(event) => event.target.value && onChange(addDimension(layout, axis, event.target.value))}
            >
              <option value="">+ Add</option>
              {unused.map((dimension) => (
                <option key={dimension} value={dimension}>
                  {label(dimension)}
                </option>
              ))}
            </select>
          )}
        </div>
      ))}
    </div>
  );
}
