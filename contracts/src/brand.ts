/** The company's name as it appears on pages and in e-mails. */
export const COMPANY_NAME = 'Lucid Insight';
export const TAGLINE = 'Unlock the Hidden Potential in Your Data';
