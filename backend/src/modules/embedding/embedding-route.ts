const TAGS = ['Admin', 'Embedding'];

/** Filed under Embedding too, in the OpenAPI document: the admin routes of connections and of Power BI alike. */
export const embedding = <const R extends { detail: object }>(route: R) => ({
  ...route,
  detail: { ...route.detail, tags: TAGS },
});
