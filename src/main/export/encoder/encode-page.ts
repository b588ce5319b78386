// Search pages' bytes to CSV rows, for one export: decode, parse and check each page exactly as the
// API client does for `search`, place each record's fields in the file's column layout, encode.
// One instance per export holds that layout (the column union so far), so pages must come in
// order; it runs the same on an encoder thread (worker.ts) and inline.
import { SearchPageSchema } from '../../../shared/service/schemas';
import { fastSearchPage } from '../../api/fast-page';
import { parseJsonResponse } from '../../api/parse-response';
import { ColumnUnion } from '../column-union';
import { csvEncoder, type CsvDelimiter, type CsvEncoder } from '../writers/csv-encode';
import { PageTranscoder } from './page-transcoder';

export interface CsvLayout {
  /** The analyst's columns in order, or null for every field (the union over all pages, company_id first). */
  columns: readonly string[] | null;
  delimiter: CsvDelimiter;
}

export interface EncodedPage {
  /** UTF-8 CSV records, CRLF-terminated, as wide as the union after this page (or the chosen columns). */
  csv: Uint8Array;
  rows: number;
  /** Columns this page added to the union, in first-seen order (always empty for chosen columns). */
  added: string[];
}

const utf8 = new TextDecoder();

export class CsvPageEncoding {
  private readonly union = new ColumnUnion();
  private readonly encoder: CsvEncoder;
  private readonly fixedWidth: number | null;
  private readonly transcoder: PageTranscoder | null;
  private first = true;

  /** `transcode: false` keeps to the standard path (tests compare the two). */
  constructor(layout: CsvLayout, opts: { transcode?: boolean } = {}) {
    this.encoder = csvEncoder(layout.delimiter);
    this.fixedWidth = layout.columns ? layout.columns.length : null;
    if (layout.columns) this.union.seed([...layout.columns]);
    this.transcoder = opts.transcode === false ? null : new PageTranscoder(this.union, layout.delimiter, this.fixedWidth, this.encoder);
  }

  /** The next page of the export; `take` = records kept from its start (what is left of the row limit). */
  encode(bytes: Uint8Array, take: number): EncodedPage {
    const fast = this.transcoder?.transcode(bytes, take, this.first && this.fixedWidth === null);
    if (fast) {
      if (fast.rows > 0) this.first = false;
      return fast;
    }
    return this.standard(bytes, take);
  }

  /** Decode, JSON.parse, check, flatten, encode: every page the transcoder does not take. */
  private standard(bytes: Uint8Array, take: number): EncodedPage {
    const page = parseJsonResponse(utf8.decode(bytes), SearchPageSchema, 'search', fastSearchPage);
    const records = page.result.length > take ? page.result.slice(0, Math.max(0, take)) : page.result;
    const before = this.union.size;
    // company_id leads, as in the grid; the service requires it on every record.
    if (this.first && this.fixedWidth === null && records.length > 0) this.union.seed(['company_id']);
    if (records.length > 0) this.first = false;
    const placed = records.map((r) => this.union.place(r));
    // All fields: every row of the page is as wide as the union after it (the header will be, or
    // the final rewrite pads earlier rows).
    const width = this.fixedWidth ?? this.union.size;
    let text = '';
    for (const row of placed) text += this.encoder.values(row, width);
    const added = this.fixedWidth === null ? this.union.columns.slice(before) : [];
    return { csv: Buffer.from(text), rows: records.length, added };
  }
}
