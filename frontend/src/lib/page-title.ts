import { COMPANY_NAME } from '@app/contracts/brand';

/** The document title of a page: 'Contact | Lucid Insight'. */
export const pageTitle = (page?: string) => (page ? `${page} | ${COMPANY_NAME}` : `${COMPANY_NAME}`);
