import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Edges {
  left: boolean;
  right: boolean;
}

/** Whether content lies beyond the left or right edge of a scrolling box. */
export function hiddenEdges(box: { scrollLeft: number; clientWidth: number; scrollWidth: number }): Edges {
  return { left: box.scrollLeft > 0, right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1 };
}

/**
 * A box that scrolls both ways and shows that it does: a shade on each side with more content, a visible scroll bar
 * (charts.css) and a line saying the table scrolls sideways. Keyboards can focus it to scroll with the arrow keys.
 */
export function ScrollBox({ maxHeight, label, children }: { maxHeight: number; label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () =>
      setEdges((current) => {
        const next = hiddenEdges(element);
        return next.left === current.left && next.right === current.right ? current : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return (
    <div className="scroll-box">
      <div className="scroll-box__frame" data-more-left={edges.left ? '' : undefined} data-more-right={edges.right ? '' : undefined}>
        <div ref={box} className="chart-view__scroll chart-view__scroll--both" style={{ maxHeight }} tabIndex={0} role="region" aria-label={label}>
          {children}
        </div>
      </div>
      {(edges.left || edges.right) && (
        <p className="scroll-box__hint" data-scroll-hint="">
          {edges.right ? 'More columns to the right: scroll sideways (Shift + wheel, or the bar below the table)' : 'Scrolled to the last column'}
        </p>
      )}
    </div>
  );
}
