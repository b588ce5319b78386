// Where the texts of a chart drawn by Observable Plot sit, as boxes in the SVG's coordinates: Plot
// positions every text itself (translate() on it and its groups), so jsdom, which measures nothing,
// still knows where each one is. Widths are estimated from the characters (generously).
export interface TextBox {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Its mark or axis group's aria-label ("y-axis label", "text", ...). */
  role: string;
}

const TRANSLATE = /translate\(\s*(-?[\d.]+)(?:[ ,]+(-?[\d.]+))?\s*\)/g;
const inherited = (el: Element, attr: string): string | null => el.closest(`[${attr}]`)?.getAttribute(attr) ?? null;

export function textBoxes(svg: SVGSVGElement): TextBox[] {
  return [...svg.querySelectorAll('text')].map((t) => {
    let x = 0;
    let y = 0;
    let rotated = false;
    for (let el: Element | null = t; el && el !== svg.parentElement; el = el.parentElement) {
      const tr = el.getAttribute('transform') ?? '';
      for (const m of tr.matchAll(TRANSLATE)) {
        x += Number(m[1]);
        y += Number(m[2] ?? 0);
      }
      if (/rotate\(\s*-?90/.test(tr)) rotated = true;
      x += Number(el.getAttribute('x') ?? 0) || 0;
      if (el === t && !String(el.getAttribute('y') ?? '').endsWith('em')) y += Number(el.getAttribute('y') ?? 0) || 0;
    }
    const size = Number(inherited(t, 'font-size') ?? 10);
    const bold = Number(inherited(t, 'font-weight') ?? 400) >= 600;
    const text = t.textContent ?? '';
    const length = text.length * size * (bold ? 0.66 : 0.6);
    const anchor = inherited(t, 'text-anchor') ?? 'start';
    const along = anchor === 'middle' ? [-length / 2, length / 2] : anchor === 'end' ? [-length, 0] : [0, length];
    const em = t.getAttribute('y') ?? '';
    // 0.71em: the text hangs below its point; 0.32em: centred on it; otherwise it stands on it.
    const across = em === '0.71em' ? [0, size] : em === '0.32em' ? [-size / 2, size / 2] : [-size * 0.8, size * 0.2];
    const role = t.closest('[aria-label]')?.getAttribute('aria-label') ?? '';
    // Rotated a quarter turn (a y label in the margin): the text runs up, across becomes along.
    return rotated
      ? { text, role, x0: x + across[0]!, x1: x + across[1]!, y0: y - along[1]!, y1: y - along[0]! }
      : { text, role, x0: x + along[0]!, x1: x + along[1]!, y0: y + across[0]!, y1: y + across[1]! };
  });
}

export const overlaps = (a: TextBox, b: TextBox) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
