/** Where the product serves its merchant API documentation (public: a shop's developer has no login). */
export const API_DOCS_PATH = '/docs/api';
