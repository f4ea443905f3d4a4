import { useId } from 'react';
import type { Labels, QueryParameter } from '@atlas/domain';
import { Glyph } from './Glyph';
import { OptionList } from './OptionList';
import { optionGroups, optionLabel } from './options';
import { selectedValues, toggleValue } from './selection';
import { usePopover } from './usePopover';

interface DropdownWidgetProps {
  parameter: QueryParameter;
  labels: Labels;
  value: unknown;
  /** DROPDOWN_GROUP: options under the parameter's dropdownGroups headers. */
  grouped: boolean;
  onChange(value: unknown): void;
}

/**
 * DROPDOWN and DROPDOWN_GROUP: a button opening the options; one value for STRING parameters, chips and checkboxes
 * (at most maxValues) for MULTI_STRING ones.
 */
export function DropdownWidget({ parameter, labels, value, grouped, onChange }: DropdownWidgetProps) {
  const { open, toggle, close, rootProps, triggerRef } = usePopover();
  const id = useId();
  const multiple = parameter.type === 'MULTI_STRING';
  const selected = selectedValues(value);
  const groups = optionGroups(parameter, labels, grouped);
  const label = (item: string) => optionLabel(parameter, labels, item);
  const placeholder = parameter.required ? 'Select…' : 'All';

  const pick = (item: string) => {
    if (multiple) return onChange(toggleValue(selected, item, parameter.maxValues));
    onChange(item);
    close(true);
  };

  return (
    <div className={`qb-dropdown${multiple ? ' qb-dropdown--multi' : ''}`} {...rootProps}>
      {multiple ? (
        <div className={`qb-select qb-select--multi${open ? ' is-open' : ''}`}>
          {/* The trigger covers the whole box, so a click anywhere but on a chip's remove button opens the options. */}
          <button
            ref={triggerRef}
            type="button"
            className="qb-select__trigger"
            aria-label={parameter.name}
            aria-describedby={`${id}-value`}
            aria-expanded={open}
            aria-haspopup="true"
            onClick={toggle}
          >
            <span id={`${id}-value`} className={selected.length ? 'visually-hidden' : 'qb-select__placeholder'}>
              {selected.length ? selected.map(label).join(', ') : placeholder}
            </span>
            <Glyph name="chevronDown" />
          </button>
          {selected.map((item) => (
            <span key={item} className="qb-chip">
              <span className="qb-chip__label">{label(item)}</span>
              <button
                type="button"
                className="qb-chip__remove"
                aria-label={`Remove ${label(item)}`}
                onClick={() => onChange(selected.filter((other) => other !== item))}
              >
                <Glyph name="close" />
              </button>
            </span>
          ))}
        </div>
      ) : (
        <button
          ref={triggerRef}
          type="button"
          className={`qb-select qb-select--single${open ? ' is-open' : ''}`}
          aria-label={parameter.name}
          aria-describedby={`${id}-value`}
          aria-expanded={open}
          aria-haspopup="true"
          onClick={toggle}
        >
          <span id={`${id}-value`} className={selected.length ? 'qb-select__value' : 'qb-select__placeholder'}>
            {selected.length ? label(selected[0]!) : placeholder}
          </span>
          <Glyph name="chevronDown" />
        </button>
      )}
      {open && (
        <OptionList
          name={parameter.name}
          groups={groups}
          selected={selected}
          multiple={multiple}
          maxValues={parameter.maxValues}
          onPick={pick}
          onClear={multiple ? () => onChange([]) : undefined}
        />
      )}
    </div>
  );
}
