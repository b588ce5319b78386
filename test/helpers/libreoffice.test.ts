// The LibreOffice read-back helper's own reading, without soffice: flat ODF as Calc writes it
// (repeated cells and rows, runs of spaces, line breaks, formulas) and numbers shown rounded.
import { expect, it } from 'vitest';
import { asCalc, asMeant, DE_DE, EN_US, isComputed, parseFods, shownAsNumber } from './libreoffice';

const FODS = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">
 <office:body><office:spreadsheet>
  <table:table table:name="One">
   <table:table-column table:number-columns-repeated="16384"/>
   <table:table-row>
    <table:table-cell office:value-type="string"><text:p>=SUM(A1) <text:s text:c="2"/>x<text:tab/>y</text:p><text:p>second</text:p></table:table-cell>
    <table:table-cell table:number-columns-repeated="2"/>
    <table:table-cell office:value-type="float" office:value="62.123456789"><text:p>62.13</text:p></table:table-cell>
    <table:table-cell table:formula="of:=1+1" office:value-type="float" office:value="2"><text:p>2</text:p></table:table-cell>
    <table:table-cell table:formula="of:=TRUE()" office:value-type="boolean" office:boolean-value="true"><text:p>TRUE</text:p></table:table-cell>
    <table:table-cell table:number-columns-repeated="16378"/>
   </table:table-row>
   <table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
   <table:table-row table:number-rows-repeated="2"><table:table-cell office:value-type="date" office:date-value="2024-03-05" table:number-columns-repeated="2"><text:p>2024-03-05</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16382"/></table:table-row>
   <table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
  </table:table>
 </office:spreadsheet></office:body>
</office:document>`;

it('reads cells as Calc holds them: repeats expanded, trailing empties dropped, text decoded', () => {
  const rows = parseFods(FODS).get('One')!;
  expect(rows.map((r) => r.length)).toEqual([6, 0, 0, 2, 2]);
  expect(rows[0]![0]).toEqual({ type: 'string', value: '=SUM(A1)   x\ty\nsecond', shown: '=SUM(A1)   x\ty\nsecond', formula: null });
  expect(rows[0]!.map((c) => asCalc(c, EN_US))).toEqual(['=SUM(A1)   x\ty\nsecond', undefined, undefined, 'number 62.123456789 shown as 62.13', 'formula of:=1+1', true]);
  expect(rows[0]!.filter(isComputed).map((c) => c.formula)).toEqual(['of:=1+1']);
  expect(asCalc(rows[3]![1], EN_US)).toBe(asMeant(new Date(Date.UTC(2024, 2, 5))));
});

it('a number is shown as itself when its text is the value rounded to the digits shown, in the locale', () => {
  expect(shownAsNumber('62.12', 62.1234, '.')).toBe(true);
  expect(shownAsNumber('62.13', 62.1234, '.')).toBe(false);
  expect(shownAsNumber('62,12', 62.1234, ',')).toBe(true);
  expect(shownAsNumber('62,12', 62.1234, '.')).toBe(false);
  expect(shownAsNumber('62.12', 62.1234, ',')).toBe(false);
  expect(shownAsNumber('-0,25', -0.25, ',')).toBe(true);
  expect(shownAsNumber('1234567', 1234567, ',')).toBe(true);
  expect(shownAsNumber('1.5E+20', 1.5e20, '.')).toBe(true);
  expect(shownAsNumber('1,5E+20', 1.5e20, DE_DE.decimal)).toBe(true);
  expect(shownAsNumber('TRUE', 1, '.')).toBe(false);
  expect(shownAsNumber('', 0, '.')).toBe(false);
});
