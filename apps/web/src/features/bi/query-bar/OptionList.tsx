import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Glyph } from './Glyph';
import { SEARCH_THRESHOLD, searchOptions, type OptionGroup } from './options';
import { isOptionDisabled, limitHint } from './selection';

interface OptionListProps {
  /** The parameter's name, for the list's label. */
  name: string;
  groups: OptionGroup[];
  selected: readonly string[];
  /** Multi: a checkbox per option; single: a button per option. */
  multiple: boolean;
  maxValues: number;
  onPick(value: string): void;
  onClear?: () => void;
}

/** Focus the next or previous option of the list (arrow keys), skipping disabled ones. */
function moveFocus(list: HTMLElement, step: 1 | -1) {
  const options = Array.from(list.querySelectorAll<HTMLElement>('[data-option]:not(:disabled)'));
  const at = options.indexOf(document.activeElement as HTMLElement);
  options[at === -1 ? 0 : Math.min(Math.max(at + step, 0), options.length - 1)]?.focus();
}

/** The panel of a dropdown: an optional search, grouped options with headers, and the limit hint. */
export function OptionList({ name, groups, selected, multiple, maxValues, onPick, onClear }: OptionListProps) {
  const [text, setText] = useState('');
  const [alignRight, setAlignRight] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const total = groups.reduce((sum, group) => sum + group.options.length, 0);
  const searchable = total > SEARCH_THRESHOLD;
  const shown = searchOptions(groups, text);
  const limited = multiple && maxValues < total;
  const atLimit = multiple && selected.length >= maxValues;

  // A panel that would run past the window's right edge opens leftwards from its control instead (checked after each
  // render: picking may move the control).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const anchor = panel?.parentElement?.getBoundingClientRect();
    if (!panel || !anchor) return;
    const width = panel.offsetWidth;
    setAlignRight(anchor.left + width > document.documentElement.clientWidth - 8 && anchor.right - width >= 8);
  });

  // On opening, and when picking took the focused option away: focus the search, else the picked or first option.
  useEffect(() => {
    const list = listRef.current;
    if (!list || panelRef.current?.contains(document.activeElement)) return;
    if (searchRef.current) return searchRef.current.focus();
    (list.querySelector<HTMLElement>('[data-option][aria-pressed="true"], [data-option]:checked') ?? list.querySelector<HTMLElement>('[data-option]:not(:disabled)'))?.focus();
  }, [total]);

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    moveFocus(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1);
  };

  return (
    <div ref={panelRef} className={`qb-popover${alignRight ? ' is-right' : ''}`}>
      {searchable && (
        <div className="qb-popover__search">
          <Glyph name="search" />
          <input
            ref={searchRef}
            type="search"
            className="qb-popover__search-input"
            placeholder="Search"
            aria-label={`Search ${name}`}
            aria-controls={`${id}-list`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowDown' || !listRef.current) return;
              event.preventDefault();
              moveFocus(listRef.current, 1);
            }}
          />
        </div>
      )}
      <div ref={listRef} id={`${id}-list`} className="qb-options" role="group" aria-label={`${name} options`} onKeyDown={onListKeyDown}>
        {shown.length === 0 && <p className="qb-options__empty">No matches</p>}
        {shown.map((group) => (
          <div key={group.id} className="qb-options__group" role="group" aria-labelledby={group.name ? `${id}-${group.id}` : undefined}>
            {group.name && (
              <div className="qb-options__header" id={`${id}-${group.id}`}>
                {group.name}
              </div>
            )}
            {group.options.map((option) => {
              const picked = selected.includes(option.value);
              if (!multiple)
                return (
                  <button
                    key={option.value}
                    type="button"
                    className="qb-option"
                    data-option=""
                    aria-pressed={picked}
                    onClick={() => {
                      setText('');
                      onPick(option.value);
                    }}
                  >
                    <span className="qb-option__label">{option.label}</span>
                    {picked && <Glyph name="check" />}
                  </button>
                );
              const disabled = isOptionDisabled(selected, option.value, maxValues);
              return (
                <label key={option.value} className={`qb-option${disabled ? ' is-disabled' : ''}`} title={disabled ? limitHint(maxValues) : undefined}>
                  <input type="checkbox" data-option="" checked={picked} disabled={disabled} onChange={() => onPick(option.value)} />
                  <span className="qb-option__label">{option.label}</span>
                </label>
              );
            })}
          </div>
        ))}
      </div>
      {multiple && (limited || selected.length > 0) && (
        <div className="qb-popover__footer">
          <span className={`qb-popover__hint${atLimit ? ' is-limit' : ''}`} aria-live="polite">
            {selected.length} selected{limited && <> · {limitHint(maxValues)}</>}
          </span>
          {onClear && selected.length > 0 && (
            <button type="button" className="qb-link-button" onClick={onClear}>
              Clear
            </button>
          )}
        </div>
      )}
    </div>
  );
}
