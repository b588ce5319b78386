// The ESG screen's company heading: the name leads, the country reads as a name (code in the tooltip).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CompanyHeading } from '../../../src/renderer/esg/CompanyHeading';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ID = '2f1c6b1e-0d3a-4c55-9b7e-1a2b3c4d5e6f';

describe('CompanyHeading', () => {
  it('names the country of an ISO code, with the code in the tooltip', () => {
    const html = renderToStaticMarkup(<CompanyHeading companyId={ID} name="Apex Energy GmbH" country="DE" loading={false} />);
    expect(text(html)).toContain('Apex Energy GmbH · Germany');
    expect(html).toContain('title="DE"');
  });

  it('shows a country that is not a code as it came', () => {
    const html = renderToStaticMarkup(<CompanyHeading companyId={ID} name="Apex Energy GmbH" country="Atlantis" loading={false} />);
    expect(text(html)).toContain('· Atlantis');
  });
});
