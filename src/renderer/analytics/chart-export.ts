// Save a chart as SVG (the element itself, with the colours it is drawn in) or PNG (the SVG drawn
// onto a canvas at twice its size). A Blob downloaded through a link: works in browser mode and in
// Electron alike.

/** A standalone copy: explicit text and background colours (the page's CSS does not travel). */
export function standaloneSvg(svg: SVGSVGElement, colors: { text: string; background: string }): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('color', colors.text);
  copy.setAttribute('fill', colors.text);
  copy.style.background = colors.background;
  return new XMLSerializer().serializeToString(copy);
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** PNG of the SVG text at `scale` (via a data: URL, which the page's CSP admits for images). */
export async function pngOf(svgText: string, width: number, height: number, background: string, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot draw the chart as PNG.');
  g.fillStyle = background;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The PNG could not be made.'))), 'image/png'));
}

/** "portfolio-a-score-distribution": a file name from the list and the chart's title. */
export function chartFileStem(...parts: string[]): string {
  return parts
    .join(' ')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'chart';
}
